/**
 * Rules for URLs the Worker sends requests to on a tenant's behalf: webhook receivers
 * (docs/contract.md#target-urls) and the Fineract core-banking connector. Checked when the URL is stored and
 * again right before every request. Pure: the caller says whether loopback http is allowed
 * (local development and the test environment only) and which ports.
 *
 * The WHATWG URL parser (the same in Node and workerd) already canonicalises IPv4 written
 * as one decimal number, octal, hex or short forms ("2130706433", "0x7f.1", "0177.0.0.1"
 * all become "127.0.0.1") and IPv6 to its compressed form, so checking the parsed
 * hostname covers every notation. Names are not resolved here (Workers has no DNS API);
 * docs/decisions/webhooks.md says what that leaves to the platform.
 */
import { blockedAddress, embeddedBlockedV4 } from "./ip-ranges";

export interface UrlPolicy {
  /** http to localhost/127.0.0.1 on any port is accepted (ENVIRONMENT development or test). */
  allowLoopbackHttp: boolean;
  /** Explicit https ports accepted besides the default (443); none when absent. */
  extraPorts?: readonly number[];
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export const MAX_URL_LENGTH = 2048;

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1"]);
const BLOCKED_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".lan", ".intranet", ".corp"];

/**
 * Public wildcard-DNS services whose names resolve to an address spelled in the name
 * (127.0.0.1.nip.io, 10-0-0-1.sslip.io, 7f000001.nip.io) or always to loopback
 * (localtest.me, lvh.me): defense in depth, since names are not resolved before sending.
 */
const WILDCARD_DNS_DOMAINS = [
  "nip.io",
  "sslip.io",
  "xip.io",
  "xip.name",
  "nip.direct",
  "localtest.me",
  "lvh.me",
  "vcap.me",
  "lacolhost.com",
  "traefik.me",
  "fuf.me",
  "localho.st",
  "1u.ms", // a DNS-rebinding test service
  "rbndr.us", // the same
];

const refuse = (reason: string): UrlCheck => ({ ok: false, reason });

const isUnder = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

export const isLoopbackName = (host: string): boolean => LOOPBACK_NAMES.has(host.toLowerCase());

export function checkOutboundUrl(raw: string, policy: UrlPolicy): UrlCheck {
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
  const extra = policy.extraPorts ?? [];
  if (url.port !== "" && !extra.includes(Number(url.port))) {
    const allowed = ["443", ...extra.map(String)].join(" or ");
    return refuse(`port ${url.port} is not allowed: use ${allowed}`);
  }
  if (host === "localhost" || BLOCKED_SUFFIXES.some((s) => host.endsWith(s))) {
    return refuse("host is a local or internal name");
  }
  const blocked = blockedAddress(host);
  if (blocked) return refuse(`IP address is in a blocked range (${blocked})`);
  if (!host.includes(".") && !host.includes(":")) return refuse("host must be a fully qualified domain name");
  if (!host.startsWith("[")) {
    if (WILDCARD_DNS_DOMAINS.some((d) => isUnder(host, d))) {
      return refuse("host is a wildcard-DNS service name that resolves to an address in the name");
    }
    const embedded = embeddedBlockedV4(host);
    if (embedded) return refuse(`host name spells an address in a blocked range (${embedded})`);
  }
  return { ok: true, url };
}
