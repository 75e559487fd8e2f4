import type { TenantContext } from "../../../../db/tenant-context";
import { settleLimited } from "../../../../lib/limited";
import { caseKindServices } from "../../../cases/kinds/service";
import { type AmlHit, amlHitNotes } from "./aml";
import { appendFraudHit, type FraudHit } from "./fraud";
import type { ScreeningBase } from "./outcome";
import type { AmlCaseResult, FraudCaseResult } from "./records";

/**
 * Fraud appends in flight at once: each goes through its case's Durable Object (the log's single
 * writer), so they cannot share a batch; a few at a time keeps the page short without flooding
 * the invocation's outgoing calls (docs/methodology/monitoring.md#appends-per-page).
 */
export const FRAUD_APPEND_CONCURRENCY = 8;

/** A page's hits and the cases they found (by the entity's position in the page). */
export interface PageHits {
  fraudHits: ReadonlyArray<FraudHit | null>;
  fraudCaseOf: ReadonlyMap<number, FraudCaseResult>;
  amlHits: ReadonlyArray<AmlHit | null>;
  amlFound: ReadonlyMap<number, readonly AmlCaseResult[]>;
}

/**
 * `alert_added` on every case the page's hits found already open, as one entity's screening
 * appends it, each through its case's object: fraud one call per entry (FRAUD_APPEND_CONCURRENCY
 * at once), AML one call per case carrying all its notes of the page, written there with one batch
 * (the AML kind's `open.notes`, cases/kinds/service.ts). Answers per entity in order null or the first error of its appends: a failed append
 * fails its entity only (its cases stand; its retry appends to them).
 */
export async function appendPageHits(
  ctx: TenantContext,
  page: ReadonlyArray<{ base: ScreeningBase }>,
  hits: PageHits,
): Promise<Array<Error | null>> {
  const fraud = page.flatMap((_, i) => {
    const found = hits.fraudCaseOf.get(i);
    return found && !found.created && !found.chained ? [{ i, caseId: found.caseId }] : [];
  });
  const aml = page.flatMap((e, i) => {
    const hit = hits.amlHits[i];
    return hit ? amlHitNotes(hits.amlFound.get(i) ?? [], hit, e.base).map((n) => ({ i, ...n })) : [];
  });
  const [fraudErrors, amlErrors] = await Promise.all([
    settleLimited(fraud, FRAUD_APPEND_CONCURRENCY, ({ i, caseId }) =>
      appendFraudHit(ctx, caseId, hits.fraudHits[i]!, page[i].base),
    ),
    caseKindServices("aml").open.notes(ctx, aml as never[]),
  ]);
  const failed: Array<Error | null> = page.map(() => null);
  const note = (i: number, err: Error | null) => {
    if (err && !failed[i]) failed[i] = err;
  };
  for (const [k, f] of fraud.entries()) note(f.i, fraudErrors[k]);
  for (const [k, a] of aml.entries()) note(a.i, amlErrors[k]);
  return failed;
}
