/**
 * A tenant user's roles and the API scopes they grant (docs/decisions/case-work.md#named-analysts).
 * Pure: a key bound to a user holds exactly the scopes of the user's current roles.
 */
import type { Scope } from "../../../lib/scopes";

export const ROLES = ["analyst", "lead", "admin", "read-only"] as const;
export type Role = (typeof ROLES)[number];

const CASE_READ: Scope[] = ["fraud:read", "aml:read"];
const CASE_WRITE: Scope[] = ["fraud:write", "aml:write"];

/**
 * read-only reads cases; an analyst also works them; a lead also reads the tenant's users (to
 * assign and review) and the audit log; an admin also manages users and their keys.
 */
export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  "read-only": CASE_READ,
  analyst: [...CASE_READ, ...CASE_WRITE],
  lead: [...CASE_READ, ...CASE_WRITE, "users:read", "audit:read"],
  admin: [...CASE_READ, ...CASE_WRITE, "users:read", "users:write", "audit:read"],
};

/** The union of the roles' scopes, each once, in a stable order. */
export function scopesOfRoles(roles: readonly string[]): Scope[] {
  const held = new Set<Scope>();
  for (const role of ROLES) if (roles.includes(role)) for (const s of ROLE_SCOPES[role]) held.add(s);
  return [...held];
}
