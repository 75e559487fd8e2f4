import type { Context, MiddlewareHandler } from "hono";
import { badRequest } from "../../lib/errors";
import { IDEMPOTENCY_KEY_PATTERN } from "../../modules/idempotency/domain/keys";
import {
  abandon,
  begin,
  fingerprint,
  finish,
  holdClaim,
  type IdempotentRequest,
  keyedCreate,
  operatorKeys,
  type StoredAnswer,
  tenantKeys,
} from "../../modules/idempotency/service";
import type { AppEnv } from "../context";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Set on an answer that is the replay of an earlier request's. */
export const REPLAYED_HEADER = "Idempotent-Replayed";

async function idempotentRequest(
  c: Context<AppEnv>,
  audience: "tenant" | "operator",
  key: string,
): Promise<IdempotentRequest> {
  const url = new URL(c.req.url);
  // Read through Hono's body cache, so the route's validator still gets the body.
  const requestHash = await fingerprint(c.req.method, url.pathname + url.search, await c.req.arrayBuffer());
  if (audience === "tenant") {
    const ctx = c.get("ctx");
    const { keyId } = c.get("auth");
    const store = tenantKeys(ctx, keyId);
    return {
      env: c.env,
      clock: ctx.clock,
      store,
      sealContext: `idempotency:${ctx.tenantId}:${keyId}:${key}`,
      key,
      requestHash,
    };
  }
  const op = c.get("op");
  const store = operatorKeys(c.env, op.actor.id);
  return {
    env: c.env,
    clock: op.clock,
    store,
    sealContext: `idempotency:operator:${op.actor.id}:${key}`,
    key,
    requestHash,
  };
}

const replayed = (answer: StoredAnswer) =>
  new Response(answer.body, {
    status: answer.status,
    headers: { ...answer.headers, [REPLAYED_HEADER]: "true" },
  });

/**
 * `Idempotency-Key` on a POST (docs/decisions/http-conventions.md#idempotency): the first
 * request with a key does the work and its final answer is kept 24 h; the same request again
 * gets that answer, a different one 422, one while the first still runs 409. Without the
 * header the request runs as before. Installed by tenantRoute/adminRoute, after the scope check.
 */
export const idempotency =
  (audience: "tenant" | "operator"): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw badRequest("Invalid request", [
        { path: IDEMPOTENCY_HEADER, message: "Idempotency-Key must be 1..255 printable ASCII characters" },
      ]);
    }
    const req = await idempotentRequest(c, audience, key);
    const started = await begin(req);
    if ("replay" in started) return replayed(started.replay);
    const keyed = keyedCreate(req, started.claimed);
    if (audience === "tenant") c.set("ctx", { ...c.get("ctx"), idempotent: keyed });
    else c.set("op", { ...c.get("op"), idempotent: keyed });
    const stopHolding = holdClaim(req);
    try {
      await next();
    } catch (error) {
      stopHolding();
      await abandon(req);
      throw error;
    }
    stopHolding();
    await finish(req, c.res);
  };
