/**
 * Target URL rules for webhook endpoints (CONTRACT 6), checked at registration and again
 * right before every send. Pure: the caller says whether loopback http is allowed (local
 * development and the test environment only).
 *
 * The WHATWG URL parser (the same in Node and workerd) already canonicalises IPv4 written
 * as one decimal number, octal, hex or short forms ("2130706433", "0x7f.1", "0177.0.0.1"
 * all become "127.0.0.1") and IPv6 to its compressed form, so checking the parsed
 * hostname covers every notation. Names are not resolved here (Workers has no DNS API);
 * see docs/decisions/webhooks.md for what that leaves to the platform.
 */

export interface UrlPolicy {
  /** http to localhost/127.0.0.1 on any port is accepted (ENVIRONMENT development or test). */
  allowLoopbackHttp: boolean;
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export const MAX_URL_LENGTH = 2048;

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1"]);
const BLOCKED_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".lan", ".intranet", ".corp"];

/** IPv4 CIDR blocks that are never a public receiver. [base, prefix length, label] */
const BLOCKED_V4: Array<[string, number, string]> = [
  ["0.0.0.0", 8, "this-network"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local (cloud metadata)"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "6to4 relay"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

const refuse = (reason: string): UrlCheck => ({ ok: false, reason });

export function parseIPv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

function v4Block(ip: number): string | null {
  for (const [base, bits, label] of BLOCKED_V4) {
    const size = 2 ** (32 - bits);
    const start = parseIPv4(base)!;
    if (ip >= start && ip < start + size) return label;
  }
  return null;
}

/** Eight 16-bit groups, or null when the text is not an IPv6 address. */
export function parseIPv6(text: string): number[] | null {
  let body = text.toLowerCase();
  const groups: number[] = [];
  // An embedded dotted IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const tail = body.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const v4 = parseIPv4(tail[2]);
    if (v4 === null) return null;
    body = `${tail[1]}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const read = (s: string) => (s === "" ? [] : s.split(":"));
  const head = read(halves[0]);
  const rest = halves.length === 2 ? read(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return null;
  for (const g of [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest]) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
    groups.push(Number.parseInt(g, 16));
  }
  return groups;
}

function v6Block(g: number[]): string | null {
  const embeddedV4 = (g[6] << 16) + g[7];
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(7) && g[7] <= 1) return g[7] === 1 ? "loopback" : "unspecified";
  // IPv4-mapped, IPv4-compatible and NAT64 addresses carry an IPv4 address: judge that.
  if (zeroUpTo(5) && g[5] === 0xffff) return v4Block(embeddedV4 >>> 0) ?? null;
  if (zeroUpTo(6)) return v4Block(embeddedV4 >>> 0) ?? "IPv4-compatible";
  if (g[0] === 0x64 && g[1] === 0xff9b) return v4Block(embeddedV4 >>> 0) ?? null;
  if (g[0] === 0x2002) return v4Block(((g[1] << 16) + g[2]) >>> 0) ?? null;
  if ((g[0] & 0xfe00) === 0xfc00) return "unique-local (private)";
  if ((g[0] & 0xffc0) === 0xfe80) return "link-local";
  if ((g[0] & 0xffc0) === 0xfec0) return "site-local";
  if ((g[0] & 0xff00) === 0xff00) return "multicast";
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "documentation";
  if (g[0] === 0x2001 && g[1] === 0) return "Teredo";
  if (g[0] === 0x0100 && zeroUpTo(4)) return "discard-only";
  return null;
}

/** Why an IP literal host is refused, or null when it is a public address (or not an IP). */
export function blockedAddress(hostname: string): string | null {
  const host = hostname.replace(/^\[|\]$/g, "");
  const v4 = parseIPv4(host);
  if (v4 !== null) return v4Block(v4);
  const v6 = host.includes(":") ? parseIPv6(host) : null;
  if (v6) return v6Block(v6);
  if (host.includes(":")) return "malformed IPv6 literal";
  return null;
}

export function checkWebhookUrl(raw: string, policy: UrlPolicy): UrlCheck {
  if (raw.length > MAX_URL_LENGTH) return refuse(`URL is longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse("not an absolute URL");
  }
  if (url.username || url.password) return refuse("URL must not embed credentials");
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!host) return refuse("URL has no host");

  const loopback = LOOPBACK_NAMES.has(host);
  if (policy.allowLoopbackHttp && loopback && (url.protocol === "http:" || url.protocol === "https:")) {
    return { ok: true, url };
  }
  if (url.protocol !== "https:") {
    return refuse(
      url.protocol === "http:"
        ? "URL must use https (http is accepted only for localhost in local development)"
        : `scheme ${url.protocol} is not allowed: use https`,
    );
  }
  // url.port is "" for the scheme's default port (443 for https).
  if (url.port !== "") return refuse("non-standard ports are not allowed: use 443");
  if (host === "localhost" || BLOCKED_SUFFIXES.some((s) => host.endsWith(s))) {
    return refuse("host is a local or internal name");
  }
  const blocked = blockedAddress(host);
  if (blocked) return refuse(`IP address is in a blocked range (${blocked})`);
  if (!host.includes(".") && !host.includes(":")) return refuse("host must be a fully qualified domain name");
  return { ok: true, url };
}
