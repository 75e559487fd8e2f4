/**
 * Who a case action is recorded as (docs/decisions/case-work.md#named-analysts). Pure. With a user
 * credential the actor is the user: a body actorId naming anyone else is refused, and the user's
 * name is recorded. With an integration key the body's actorId is recorded as the integration's
 * label (actorType integration). Either way the principal goes with the entry for four-eyes.
 */
import { type Principal, principalKey } from "../../../lib/principal";

export interface ResolvedActor {
  actorType: "user" | "integration";
  actorId: string;
  actorName?: string;
  principal: string;
}

export type ActorResolution =
  | { ok: true; actor: ResolvedActor }
  | { ok: false; path: "actorId" | "actorType"; message: string };

export function resolveActor(
  principal: Principal,
  body: { actorId?: string; actorName?: string; actorType?: string },
): ActorResolution {
  if (principal.type === "integration") {
    if (!body.actorId)
      return { ok: false, path: "actorId", message: "actorId is required for an integration key" };
    return {
      ok: true,
      actor: {
        actorType: "integration",
        actorId: body.actorId,
        ...(body.actorName ? { actorName: body.actorName } : {}),
        principal: principalKey(principal),
      },
    };
  }
  if (body.actorId !== undefined && body.actorId !== principal.id)
    return {
      ok: false,
      path: "actorId",
      message: `this key acts as user ${principal.id}: actorId must be that user or left out`,
    };
  if (body.actorType !== undefined && body.actorType !== "user")
    return { ok: false, path: "actorType", message: "a user's key records actorType user" };
  return {
    ok: true,
    actor: {
      actorType: "user",
      actorId: principal.id,
      actorName: principal.name,
      principal: principalKey(principal),
    },
  };
}
