/**
 * Case services shared by every kind: the actor of a case action from the request's credential
 * (docs/decisions/case-work.md#named-analysts), recorded with the key that wrote the entry.
 */
import { badRequest } from "../../lib/errors";
import type { Principal } from "../../lib/principal";
import { type ResolvedActor, resolveActor } from "./domain/actor";

/** The actor fields for the kind's service; a body naming another actor than the user is a 400 naming the field. */
export function caseActor(
  auth: { principal: Principal; keyId: string },
  body: { actorId?: string; actorName?: string; actorType?: string },
): ResolvedActor & { actorKeyId: string } {
  const resolved = resolveActor(auth.principal, body);
  if (!resolved.ok) throw badRequest(resolved.message, [{ path: resolved.path, message: resolved.message }]);
  return { ...resolved.actor, actorKeyId: auth.keyId };
}

/**
 * For bodies that declare their actorType (fraud's `/events`, `/status` and notes, a published
 * contract): a user's key records `user` (another declared type is a 400); an integration key
 * keeps what it declared (an integration may be a workflow), its key still the principal.
 */
export function declaredActor<T extends string>(
  auth: { principal: Principal; keyId: string },
  body: { actorId?: string; actorName?: string; actorType: T },
) {
  const actor = caseActor(auth, body);
  return { ...actor, actorType: actor.actorType === "user" ? ("user" as const) : body.actorType };
}

/**
 * The analyst of a link or an upload, whose published bodies keep `actorId` required and record
 * the entry as `user`: with a user's key the user (a body actorId naming anyone else is a 400
 * naming actorId), with an integration key the analyst it names.
 */
export function namedActor(
  auth: { principal: Principal; keyId: string },
  body: { actorId: string; actorName?: string },
) {
  const { actorId, actorName } = caseActor(auth, body);
  return { actorId, ...(actorName ? { actorName } : {}) };
}
