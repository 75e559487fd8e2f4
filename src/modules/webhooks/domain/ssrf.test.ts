import { describe, expect, it } from "vitest";
import { blockedAddress, checkWebhookUrl, parseIPv6 } from "./ssrf";

const deployed = { allowLoopbackHttp: false };
const local = { allowLoopbackHttp: true };

const refusedEverywhere: Array<[string, RegExp]> = [
  ["http://hooks.example.com/in", /https/],
  ["ftp://hooks.example.com/in", /scheme/],
  ["javascript:alert(1)", /scheme|host/],
  ["file:///etc/passwd", /scheme|host/],
  ["not a url", /absolute/],
  ["https://user:pass@hooks.example.com/in", /credentials/],
  ["https://token@hooks.example.com/in", /credentials/],
  ["https://hooks.example.com:8443/in", /port/],
  ["https://hooks.example.com:80/in", /port/],
  ["https://10.0.0.5/in", /private/],
  ["https://172.16.3.4/in", /private/],
  ["https://172.31.255.255/in", /private/],
  ["https://192.168.1.1/in", /private/],
  ["https://100.64.0.1/in", /carrier-grade/],
  ["https://100.100.100.200/latest/meta-data", /carrier-grade/],
  ["https://169.254.169.254/latest/meta-data/", /link-local/],
  ["https://0.0.0.0/in", /this-network/],
  ["https://0/in", /this-network/],
  ["https://2852039166/latest", /link-local/], // 169.254.169.254 as one decimal number
  ["https://0xa9fea9fe/latest", /link-local/], // the same in hex
  ["https://0251.0376.0251.0376/latest", /link-local/], // the same in octal
  ["https://0x7f.1/in", /loopback/], // 127.0.0.1, short hex form
  ["https://127.1/in", /loopback/],
  ["https://2130706433/in", /loopback/],
  ["https://[::1]/in", /loopback/],
  ["https://[::]/in", /unspecified/],
  ["https://[::ffff:127.0.0.1]/in", /loopback/],
  ["https://[::ffff:a9fe:a9fe]/in", /link-local/],
  ["https://[64:ff9b::10.0.0.1]/in", /private/],
  ["https://[2002:c0a8:0101::1]/in", /private/], // 6to4 of 192.168.1.1
  ["https://[fd00:ec2::254]/in", /unique-local/],
  ["https://[fe80::1]/in", /link-local/],
  ["https://[ff02::1]/in", /multicast/],
  ["https://224.0.0.1/in", /multicast/],
  ["https://255.255.255.255/in", /reserved/],
  ["https://198.18.0.1/in", /benchmarking/],
  ["https://metadata.google.internal/computeMetadata/v1/", /internal name/],
  ["https://printer.local/in", /internal name/],
  ["https://app.localhost/in", /internal name/],
  ["https://intranet/in", /fully qualified/],
  // IPv4 carried inside IPv6 (issue 11, finding 5).
  ["https://[::ffff:0:127.0.0.1]/in", /loopback/], // IPv4-translated (SIIT)
  ["https://[::ffff:0:a9fe:a9fe]/in", /link-local/],
  ["https://[::ffff:0:8.8.8.8]/in", /translated/], // never a public endpoint
  ["https://[::ffff:10.1.2.3]/in", /private/], // IPv4-mapped
  ["https://[64:ff9b::169.254.169.254]/in", /link-local/], // NAT64
  ["https://[64:ff9b:1::8.8.8.8]/in", /NAT64 local-use/],
  ["https://[2002:a9fe:a9fe::1]/in", /link-local/], // 6to4 of 169.254.169.254
  ["https://[2002:7f00:1::]/in", /loopback/], // 6to4 of 127.0.0.1
  ["https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/in", /Teredo/], // client 10.0.0.1 obfuscated
  ["https://[2001:db8::1]/in", /documentation/],
  ["https://[3fff::1]/in", /documentation/],
  ["https://[2001:2::1]/in", /IETF/], // benchmarking
  ["https://[2620:0:2d0:200::5efe:10.0.0.1]/in", /ISATAP, private/],
  ["https://[fe80::5efe:192.168.0.1]/in", /link-local|ISATAP/],
  ["https://[::5efe:8.8.8.8]/in", /global unicast/],
  ["https://[100::1]/in", /discard/],
  ["https://[4000::1]/in", /global unicast/],
  // Wildcard-DNS names that resolve to the address they spell (defense in depth).
  ["https://127.0.0.1.nip.io/in", /wildcard-DNS|blocked range/],
  ["https://169.254.169.254.nip.io/latest", /wildcard-DNS|blocked range/],
  ["https://8.8.8.8.nip.io/in", /wildcard-DNS/],
  ["https://7f000001.nip.io/in", /wildcard-DNS/],
  ["https://nip.io/in", /wildcard-DNS/],
  ["https://10-0-0-1.sslip.io/in", /wildcard-DNS|blocked range/],
  ["https://app.xip.io/in", /wildcard-DNS/],
  ["https://localtest.me/in", /wildcard-DNS/],
  ["https://readme.localtest.me/in", /wildcard-DNS/],
  ["https://LVH.ME./in", /wildcard-DNS/],
  ["https://a.b.localhost/in", /internal name/],
  // Unknown services of the same kind: a blocked address spelled in the name.
  ["https://10.0.0.1.rebind.example.com/in", /spells an address.*private/],
  ["https://hook-192-168-1-1.example.net/in", /spells an address.*private/],
  ["https://127.0.0.1.example.org/in", /spells an address.*loopback/],
  [`https://hooks.example.com/${"a".repeat(2100)}`, /longer/],
];

describe("checkWebhookUrl", () => {
  it.each(refusedEverywhere)("refuses %s when deployed", (url, reason) => {
    const result = checkWebhookUrl(url, deployed);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  // In local development http and 127.0.0.1 itself are allowed (also spelled 127.1, 0x7f.1, ...).
  const canonicalLoopback = (url: string) => {
    try {
      return new URL(url).hostname === "127.0.0.1";
    } catch {
      return false;
    }
  };
  it.each(refusedEverywhere.filter(([url]) => !/^http:\/\/hooks/.test(url) && !canonicalLoopback(url)))(
    "refuses %s in local development too",
    (url) => {
      expect(checkWebhookUrl(url, local).ok).toBe(false);
    },
  );

  it.each([
    "https://hooks.example.com/in",
    "https://hooks.example.com:443/in",
    "https://hooks.example.com./in",
    "https://8.8.8.8/in",
    "https://[2606:4700:4700::1111]/in",
    "https://[::ffff:8.8.8.8]/in",
    "https://sub.domain.example.org/path?query=1#frag",
    "https://[64:ff9b::8.8.8.8]/in", // NAT64 of a public address
    "https://[2002:808:808::1]/in", // 6to4 of 8.8.8.8
    "https://8.8.8.8.in-addr.example.com/in", // a public address spelled in a name
    "https://v2-10-20.example.com/in", // numbers, not an address
    "https://snip.io.example.com/in", // under example.com, not nip.io
  ])("accepts the public %s", (url) => {
    expect(checkWebhookUrl(url, deployed).ok).toBe(true);
  });

  it.each(["http://localhost:4000/hook", "http://127.0.0.1:4000/hook", "https://localhost:8443/hook"])(
    "accepts the loopback receiver %s only in local development",
    (url) => {
      expect(checkWebhookUrl(url, local).ok).toBe(true);
      expect(checkWebhookUrl(url, deployed).ok).toBe(false);
    },
  );

  it("still refuses other loopback addresses and private ranges in local development", () => {
    expect(checkWebhookUrl("http://127.0.0.2:4000/hook", local).ok).toBe(false);
    expect(checkWebhookUrl("http://[::1]:4000/hook", local).ok).toBe(false);
    expect(checkWebhookUrl("http://192.168.1.10:4000/hook", local).ok).toBe(false);
  });
});

describe("address parsing", () => {
  it("expands compressed IPv6 and embedded IPv4 tails", () => {
    expect(parseIPv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIPv6("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIPv6("1::2::3")).toBeNull();
    expect(parseIPv6("12345::")).toBeNull();
  });

  it("names the block of an address, null for public ones and names", () => {
    expect(blockedAddress("172.15.255.255")).toBeNull();
    expect(blockedAddress("172.32.0.0")).toBeNull();
    expect(blockedAddress("100.63.255.255")).toBeNull();
    expect(blockedAddress("100.128.0.0")).toBeNull();
    expect(blockedAddress("hooks.example.com")).toBeNull();
    expect(blockedAddress("[fc00::1]")).toMatch(/unique-local/);
  });
});
