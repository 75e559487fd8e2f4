/**
 * The one JSON log line per request. Paths can carry personal data (an agentId is often a
 * phone number), so a request that reached a route is logged by the route's pattern
 * ("/v1/agent-health/agents/:agentId"), never its raw path; an unmatched path is logged
 * with its identifier-like segments masked. The key id says which key acted.
 */
export interface RequestLogInput {
  method: string;
  /** Patterns of the routes Hono matched, middleware included, in order. */
  matched: ReadonlyArray<{ method: string; path: string }>;
  path: string;
  status: number;
  ms: number;
  tenantId: string | null;
  keyId: string | null;
  requestId: string;
}

const isWildcard = (path: string) => path === "*" || path.endsWith("/*");

/** Segments with 3+ digits, an @, or over 40 characters (ids, phone numbers, emails) become ":masked". */
export function maskPath(path: string): string {
  const masked = path
    .split("/")
    .map((s) => (/\d.*\d.*\d|@/.test(s) || s.length > 40 ? ":masked" : s))
    .join("/");
  return masked.length > 200 ? `${masked.slice(0, 200)}...` : masked;
}

export function requestLogLine(input: RequestLogInput): Record<string, unknown> {
  // The operation's own route: the last match that is neither middleware (ALL) nor a wildcard.
  const route = [...input.matched].reverse().find((r) => r.method !== "ALL" && !isWildcard(r.path))?.path;
  return {
    level: "info",
    method: input.method,
    route: route ?? null,
    ...(route ? {} : { path: maskPath(input.path) }),
    status: input.status,
    ms: input.ms,
    tenant: input.tenantId,
    keyId: input.keyId,
    requestId: input.requestId,
  };
}
