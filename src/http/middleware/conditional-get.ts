import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { mutableHeaders } from "./security-headers";

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/** RFC 9110 13.1.2: If-None-Match compares weakly (W/ ignored), and `*` matches any current representation. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/**
 * ETag on every JSON 200 of a /v1 GET (docs/decisions/http-conventions.md#conditional-gets): a
 * strong tag, the SHA-256 of the exact body bytes (first 128 bits), so equal tags mean equal
 * bytes. If-None-Match with a current tag answers 304 with no body. A route that sets its own
 * ETag (the BHI report, from its stored document) keeps it and handles If-None-Match itself.
 */
export const conditionalGet: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method !== "GET" || c.res.status !== 200 || c.res.headers.has("ETag")) return;
  if (!(c.res.headers.get("content-type") ?? "").startsWith("application/json")) return;
  const digest = await crypto.subtle.digest("SHA-256", await c.res.clone().arrayBuffer());
  const etag = `"${hex(digest).slice(0, 32)}"`;
  if (ifNoneMatchHits(c.req.header("if-none-match"), etag)) {
    const headers = new Headers(c.res.headers);
    headers.delete("content-type");
    headers.delete("content-length");
    headers.set("ETag", etag);
    c.res = undefined;
    c.res = new Response(null, { status: 304, headers });
    return;
  }
  mutableHeaders(c).set("ETag", etag);
};
