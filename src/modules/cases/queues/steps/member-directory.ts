import type { TenantContext } from "../../../../db/tenant-context";

/**
 * Who may be a queue member: the tenant's enabled users. The users module reaches modules whose
 * import cycle holds cases (admin keys, audit), so cases does not import it: it calls this port,
 * which src/ports.ts fills with the users module's lookup once per isolate.
 */
export interface MemberDirectory {
  /** Of `ids`, those that are not enabled users of the tenant. */
  notUsers(ctx: TenantContext, ids: readonly string[]): Promise<string[]>;
}

let directory: MemberDirectory | null = null;

/** Fills the port (src/ports.ts); null empties it (tests). */
export function provideMemberDirectory(provided: MemberDirectory | null): void {
  directory = provided;
}

/** The indexes of `members` that name no enabled user (none checked while the port is empty). */
export async function unknownMembers(ctx: TenantContext, members: readonly string[]): Promise<number[]> {
  if (!directory || members.length === 0) return [];
  const missing = new Set(await directory.notUsers(ctx, [...new Set(members)]));
  return members.flatMap((id, i) => (missing.has(id) ? [i] : []));
}
