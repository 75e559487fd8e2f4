/**
 * Who a /v1 request acts as (docs/decisions/case-work.md#named-analysts): a named user of the
 * tenant (a key bound to a user) or an integration (a key bound to nobody, named by its id).
 * Four-eyes compares principals, never the free-text actorId a body carries.
 */
export type Principal =
  | { type: "user"; id: string; name: string; roles: string[] }
  | { type: "integration"; id: string };

/** The principal as one comparable string, stored with a pending close request. */
export const principalKey = (p: Principal): string => `${p.type}:${p.id}`;
