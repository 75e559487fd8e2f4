import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";

/** The response's headers, copying the response first when they are immutable (a fetched one). */
export function mutableHeaders(c: Context<AppEnv>): Headers {
  try {
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    c.res = new Response(c.res.body, c.res);
  }
  return c.res.headers;
}

/** API answers render nothing: a page that embeds or navigates to one gets no script, frame or plugin. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * On every Worker response (docs/decisions/http-conventions.md#security-headers): nosniff, no
 * referrer, and `Cache-Control: no-store` unless the route chose its own caching, so no shared
 * or browser cache keeps tenant data. Routes that render (the docs page) set their own CSP.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const headers = mutableHeaders(c);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "no-referrer");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", API_CSP);
};
