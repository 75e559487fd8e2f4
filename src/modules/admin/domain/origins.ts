/**
 * Browser origins an operator may allow for a tenant (docs/decisions/http-conventions.md#cors):
 * exact `scheme://host[:port]` as browsers send them in `Origin` (lower case, no path, no
 * default port), https only except for local development hosts. No wildcard: one tenant's
 * listing never opens the API to pages it does not know.
 */
export const ORIGIN_PATTERN =
  /^(https:\/\/[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+|http:\/\/(localhost|127\.0\.0\.1))(:[0-9]{1,5})?$/;

export const MAX_ALLOWED_ORIGINS = 20;

/** The reason `origin` cannot be listed, or null when it can. */
export function originProblem(origin: string): string | null {
  if (!ORIGIN_PATTERN.test(origin)) {
    return "must be an exact origin scheme://host[:port] in lower case: https, or http only for localhost/127.0.0.1; no path, no wildcard";
  }
  const port = origin.match(/:([0-9]+)$/)?.[1];
  if (port !== undefined) {
    const n = Number(port);
    if (n < 1 || n > 65535) return "port must be 1..65535";
    if ((origin.startsWith("https:") && n === 443) || (origin.startsWith("http:") && n === 80)) {
      return "leave out the default port: browsers never send it";
    }
  }
  return null;
}
