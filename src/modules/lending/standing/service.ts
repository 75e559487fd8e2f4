import type { TenantContext } from "../../../db/tenant-context";
import { lookbackStart, type RepaymentStanding, standingOf } from "../domain/standing";
import { today } from "../service";
import * as repo from "./repo";

export type { RepaymentStanding } from "../domain/standing";

/** Customers per statement (ids travel as one JSON parameter). */
export const STANDING_CHUNK = 100;

/**
 * The repayment standing of each customer as of today (customers without loans get an empty
 * one): one statement per STANDING_CHUNK customers. Days past due come from the loans' stored
 * oldest unpaid due date, as everywhere in the lending module.
 */
export async function repaymentStandings(
  ctx: Pick<TenantContext, "db" | "tenantId" | "clock">,
  customerIds: readonly string[],
): Promise<Map<string, RepaymentStanding>> {
  const on = today(ctx);
  const from = lookbackStart(on);
  const out = new Map<string, RepaymentStanding>();
  for (let i = 0; i < customerIds.length; i += STANDING_CHUNK) {
    const chunk = customerIds.slice(i, i + STANDING_CHUNK);
    const rows = await repo.standingRows(ctx, chunk, from, on);
    const byCustomer = new Map<string, repo.StandingRow[]>();
    for (const r of rows) byCustomer.set(r.customerId, [...(byCustomer.get(r.customerId) ?? []), r]);
    for (const id of chunk) out.set(id, standingOf(byCustomer.get(id) ?? [], on));
  }
  return out;
}
