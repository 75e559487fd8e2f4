import type { TenantContext } from "../../../../db/tenant-context";
import { accountOwners } from "../repo";

/**
 * The subject a hit's case is about (docs/methodology/monitoring.md#one-subject-one-case): a
 * customer with its accounts is one subject, so an account's hit opens (or is added to) its
 * customer's case. The alert itself stays on the entity screened. One read per page.
 */
export async function subjects(
  ctx: TenantContext,
  hits: ReadonlyArray<{ entity: { entityType: string; entityId: string } }>,
) {
  const accounts = hits.filter((e) => e.entity.entityType === "account").map((e) => e.entity.entityId);
  return subjectsOf(await accountOwners(ctx, [...new Set(accounts)]));
}

/** The subject of an entity, by its account's owner (read with the page's deferral reads). */
export function subjectsOf(owners: ReadonlyMap<string, string>) {
  return <T extends { entityType: string; entityId: string }>(x: T): T => {
    const owner = x.entityType === "account" ? owners.get(x.entityId) : undefined;
    return owner ? { ...x, entityType: "customer", entityId: owner } : x;
  };
}
