/**
 * Address ranges an outbound request (webhook receiver, core-banking connector) must never
 * reach. Pure: IPv4/IPv6 literal parsing and the blocked-range table.
 */

/** IPv4 CIDR blocks that are never a public endpoint. [base, prefix length, label] */
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

/** The label of the blocked IPv4 range holding `ip`, or null for a public address. */
export function v4Block(ip: number): string | null {
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

const v4At = (hi: number, lo: number) => ((hi << 16) + lo) >>> 0;

/**
 * Why an IPv6 address is refused. Forms that carry an IPv4 address (mapped, translated,
 * compatible, NAT64, 6to4, ISATAP) are judged by it; Teredo and the other IETF special
 * ranges are refused whole; anything outside global unicast 2000::/3 is refused.
 */
function v6Block(g: number[]): string | null {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  const embedded = v4At(g[6], g[7]);
  if (zeroUpTo(7) && g[7] <= 1) return g[7] === 1 ? "loopback" : "unspecified";
  // ::ffff:a.b.c.d (IPv4-mapped): the IPv4 address is what a socket reaches.
  if (zeroUpTo(5) && g[5] === 0xffff) return v4Block(embedded);
  // ::ffff:0:a.b.c.d (IPv4-translated, SIIT): never a public endpoint.
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return v4Block(embedded) ?? "IPv4-translated";
  if (zeroUpTo(6)) return v4Block(embedded) ?? "IPv4-compatible";
  if (g[0] === 0x64 && g[1] === 0xff9b) {
    // 64:ff9b::/96 well-known NAT64 prefix; 64:ff9b:1::/48 is local-use (RFC 8215).
    return g.slice(2, 6).every((x) => x === 0) ? v4Block(embedded) : "NAT64 local-use";
  }
  if (g[0] === 0x2002) return v4Block(v4At(g[1], g[2])); // 6to4
  // ISATAP interface identifier (::0:5efe:a.b.c.d / ::200:5efe:a.b.c.d) under any prefix.
  if ((g[4] & 0xfdff) === 0 && g[5] === 0x5efe) {
    const label = v4Block(embedded);
    if (label) return `ISATAP, ${label}`;
  }
  if ((g[0] & 0xfe00) === 0xfc00) return "unique-local (private)";
  if ((g[0] & 0xffc0) === 0xfe80) return "link-local";
  if ((g[0] & 0xffc0) === 0xfec0) return "site-local";
  if ((g[0] & 0xff00) === 0xff00) return "multicast";
  if (g[0] === 0x0100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return "discard-only"; // 100::/64
  if (g[0] === 0x2001 && g[1] === 0) return "Teredo";
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "documentation";
  if ((g[0] & 0xfff0) === 0x3ff0) return "documentation"; // 3fff::/20 (RFC 9637)
  if (g[0] === 0x2001 && g[1] < 0x0200) return "IETF protocol assignments";
  if ((g[0] & 0xe000) !== 0x2000) return "not global unicast";
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

/**
 * A blocked IPv4 address spelled inside a host name ("10.0.0.1.example.com",
 * "app-192-168-1-1.example.net"): what wildcard-DNS services resolve such names to.
 */
export function embeddedBlockedV4(host: string): string | null {
  const labels = host.split(".");
  for (let i = 0; i + 4 <= labels.length; i++) {
    const v4 = parseIPv4(labels.slice(i, i + 4).join("."));
    const label = v4 === null ? null : v4Block(v4);
    if (label) return label;
  }
  for (const match of host.matchAll(/(?:^|[^0-9])(\d{1,3})-(\d{1,3})-(\d{1,3})-(\d{1,3})(?![0-9])/g)) {
    const v4 = parseIPv4(match.slice(1, 5).join("."));
    const label = v4 === null ? null : v4Block(v4);
    if (label) return label;
  }
  return null;
}
