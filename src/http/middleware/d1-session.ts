import type { Context, MiddlewareHandler } from "hono";
import { BOOKMARK_PATTERN, LazyD1Session, type SessionStart } from "../../db/d1-session";
import { systemShardBinding } from "../../db/system-db";
import { withShardBinding } from "../../db/tenant-context";
import { badRequest } from "../../lib/errors";
import type { AppEnv } from "../context";
import { mutableHeaders } from "./security-headers";

// Read replication (docs/decisions/read-replication.md): reads may be served by a replica,
// writes start at the primary, and every answer that used D1 carries the session's bookmark.

export const BOOKMARK_HEADER = "x-d1-bookmark";
export const BOOKMARK_MESSAGE =
  "x-d1-bookmark must be a bookmark from an earlier answer (8-8-8-32 lowercase hex digits, dash-separated)";

const READS = new Set(["GET", "HEAD"]);

/** GETs continue from the client's bookmark (else any replica); writes start at the primary. */
export function sessionStart(method: string, bookmark: string | undefined): SessionStart {
  if (bookmark !== undefined && !BOOKMARK_PATTERN.test(bookmark)) {
    throw badRequest("Invalid request", [{ path: BOOKMARK_HEADER, message: BOOKMARK_MESSAGE }]);
  }
  if (!READS.has(method)) return "first-primary";
  return bookmark ?? "first-unconstrained";
}

async function withSession(c: Context<AppEnv>, session: LazyD1Session, next: () => Promise<void>) {
  c.set("d1", session);
  await next();
  const bookmark = session.bookmark();
  if (bookmark) mutableHeaders(c).set(BOOKMARK_HEADER, bookmark);
}

/** /v1, after authentication: the tenant's shard in a session (key auth itself read the primary). */
export const tenantD1Session: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ctx = c.get("ctx");
  if (!ctx) return next();
  const start = sessionStart(c.req.method, c.req.header(BOOKMARK_HEADER));
  const session = new LazyD1Session(systemShardBinding(ctx.env, ctx.tenant.shard), start);
  c.set("ctx", withShardBinding(ctx, session.binding));
  return withSession(c, session, next);
};

/** /admin, after the operator token was checked on the primary: CONTROL_DB in a session. */
export const operatorD1Session: MiddlewareHandler<AppEnv> = async (c, next) => {
  const start = sessionStart(c.req.method, c.req.header(BOOKMARK_HEADER));
  const session = new LazyD1Session(c.env.CONTROL_DB, start);
  c.env = { ...c.env, CONTROL_DB: session.binding };
  const op = c.get("op");
  c.set("op", { ...op, env: c.env });
  return withSession(c, session, next);
};

/**
 * Declared by a route whose GET must not be served by a lagging replica (state written by
 * background work, for which the client holds no bookmark): the session starts at the primary.
 */
export const freshRead: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.get("d1")?.startAtPrimary();
  await next();
};
