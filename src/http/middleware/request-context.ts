import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../context";
import { requestLogLine } from "../request-log";

/** A client's x-request-id that is kept (else one is made up; src/http/deadline.ts makes it first). */
export const INBOUND_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Request id on every response, a Deprecation header when the retired x-tenant-id is sent
 * (it is never read), and one structured log line per request (src/http/request-log.ts).
 */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  const inbound = c.req.header("x-request-id");
  const requestId = inbound && INBOUND_REQUEST_ID.test(inbound) ? inbound : crypto.randomUUID();
  c.set("requestId", requestId);
  await next();
  c.res.headers.set("x-request-id", requestId);
  if (c.req.header("x-tenant-id") !== undefined) c.res.headers.set("Deprecation", "true");
  console.log(
    JSON.stringify(
      requestLogLine({
        method: c.req.method,
        matched: matchedRoutes(c),
        path: c.req.path,
        status: c.res.status,
        ms: Date.now() - started,
        tenantId: c.get("ctx")?.tenantId ?? null,
        keyId: c.get("auth")?.keyId ?? null,
        requestId,
      }),
    ),
  );
};
