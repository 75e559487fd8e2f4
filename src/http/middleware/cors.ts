import type { Context, MiddlewareHandler } from "hono";
import { isOriginListed } from "../../modules/admin/origins/service";
import type { AppEnv } from "../context";
import { BOOKMARK_HEADER } from "./d1-session";
import { mutableHeaders } from "./security-headers";

// CORS for browser dashboards (docs/decisions/http-conventions.md#cors). Keys travel in the
// Authorization header, never cookies, so no credentials mode and never a wildcard.

const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE";
const ALLOWED_HEADERS = [
  "Authorization",
  "Content-Type",
  "Idempotency-Key",
  "If-None-Match",
  "X-Request-Id",
  BOOKMARK_HEADER,
].join(", ");
const EXPOSED_HEADERS = [
  "x-request-id",
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "Retry-After",
  "ETag",
  "Location",
  "Idempotent-Replayed",
  BOOKMARK_HEADER,
].join(", ");
/** Chrome caps Access-Control-Max-Age at 2 h; Firefox would take 24 h. */
export const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/**
 * A preflight carries no key, so the origin is recognised when any tenant lists it (an indexed
 * lookup, cached 5 s). That opens no data: the real request still needs a key, and gets CORS
 * headers only when the key's own tenant lists the origin (`corsHeaders`).
 */
export const corsPreflight: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header("origin");
  const requestedMethod = c.req.header("access-control-request-method");
  if (c.req.method !== "OPTIONS" || !origin || !requestedMethod) return next();
  const headers = new Headers({
    Vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
  });
  if (await isOriginListed(c.env, origin)) {
    headers.set("Access-Control-Allow-Origin", origin);
    headers.set("Access-Control-Allow-Methods", ALLOWED_METHODS);
    headers.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    headers.set("Access-Control-Max-Age", String(PREFLIGHT_MAX_AGE_SECONDS));
  }
  // Same 204 either way; a refused origin just gets no Access-Control-* headers.
  return new Response(null, { status: 204, headers });
};

async function allows(c: Context<AppEnv>, origin: string): Promise<boolean> {
  const tenant = c.get("ctx")?.tenant;
  // Authenticated: only the key's own tenant decides. Before authentication (401, 429 by
  // address, the public document) no tenant is known, and the error must still be readable.
  if (tenant) return (tenant.settings.allowedOrigins ?? []).includes(origin);
  return isOriginListed(c.env, origin);
}

/** Access-Control-Allow-Origin (and the exposed headers) on real /v1 responses for an allowed origin. */
export const corsHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const origin = c.req.header("origin");
  if (c.res.headers.get("Access-Control-Allow-Origin")) return; // a preflight answer
  const headers = mutableHeaders(c);
  headers.append("Vary", "Origin");
  if (!origin || !(await allows(c, origin))) return;
  headers.set("Access-Control-Allow-Origin", origin);
  headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
};
