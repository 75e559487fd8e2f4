import type { TenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import { type Clock, systemClock } from "../../lib/clock";
import type { Actor } from "./domain/types";

/** What operator services take first: who is acting (for the audit log), and the request. */
export interface OperatorContext {
  env: Env;
  actor: Actor;
  requestId: string;
  clock: Clock;
}

/** The actor id of the bootstrap ADMIN_TOKEN. */
export const BOOTSTRAP_OPERATOR = "bootstrap";

export const operatorContext = (env: Env, actor: Actor, requestId: string, clock: Clock = systemClock) => ({
  env,
  actor,
  requestId,
  clock,
});

/** A platform task acting on its own (scripts, jobs): recorded as a system actor. */
export const systemContext = (env: Env, name: string, clock: Clock = systemClock): OperatorContext =>
  operatorContext(env, { type: "system", id: name }, `system:${name}`, clock);

/** A tenant request is attributed to its API key; queues, cron and Durable Objects to the system. */
export const tenantActor = (ctx: Pick<TenantContext, "keyId" | "requestId">): Actor =>
  ctx.keyId ? { type: "api_key", id: ctx.keyId } : { type: "system", id: ctx.requestId };
