import type { TenantContext } from "../../../../db/tenant-context";
import { caseKindServices } from "../../../cases/kinds/service";
import type { Evaluated, Screening } from "../service";
import { screeningOf } from "../service";
import { amlHit, amlHitNote } from "./aml";
import { appendPageHits } from "./appends";
import { fraudHit, fraudHitEntry } from "./fraud";
import { MONITORING_ACTOR, type Outcome } from "./outcome";
import { type AmlCaseResult, amlRecord, type FraudCaseResult, fraudRecord } from "./records";
import { subjects } from "./subjects";

/**
 * The cases of a page's hits settled together (docs/methodology/monitoring.md#case-opening-per-page):
 * the fraud cases to open in one guarded batch (one open case per entity, checked in the
 * statement), the AML cases in one batch (the partial unique index dedupes per entity and rule),
 * each with one read before or after; then the appends to cases already open (steps/appends.ts:
 * AML in one batch, fraud through each case's object a few at a time). The same cases, events and case refs as
 * screening the entities one by one (settleOne), answered per entity in order (an Error: that
 * entity failed).
 */
export async function settlePage(
  ctx: TenantContext,
  page: readonly Evaluated[],
): Promise<Array<Screening | Error>> {
  const fraudHits = page.map((e) =>
    e.fraud ? fraudHit(e.fraud, e.fraudSet.content.createCaseThreshold, e.base) : null,
  );
  const amlHits = page.map((e) =>
    e.aml ? amlHit(e.aml.evaluation, e.aml.fired, e.amlSet.content, e.base) : null,
  );

  const opening = fraudHits.flatMap((h, i) => (h?.opensCase ? [i] : []));
  // A customer and its accounts are one subject: an account's hit goes to its customer's case.
  const subject = await subjects(
    ctx,
    page.filter((e) => e.fraud || e.aml),
  );
  // Opened through the cases module's interface over the kinds (each kind's own subjects and answers).
  // A subject's later hits on a case an earlier one opens here are chained in the opening batch.
  const amlAt = amlHits.flatMap((h, i) => (h ? [i] : []));
  const [fraudCases, amlCases] = (await Promise.all([
    caseKindServices("fraud").open.page(
      ctx,
      opening.map((i) => subject(fraudHits[i]!.fraud)) as never[],
      MONITORING_ACTOR,
      opening.map((i) => fraudHitEntry(fraudHits[i]!, page[i].base)),
    ),
    caseKindServices("aml").open.page(
      ctx,
      amlAt.map((i) => subject(amlHits[i]!.request)) as never[],
      MONITORING_ACTOR,
      amlAt.map((i) => amlHitNote(amlHits[i]!, page[i].base)),
    ),
  ])) as [FraudCaseResult[], AmlCaseResult[][]];
  const fraudCaseOf = new Map<number, FraudCaseResult>(opening.map((i, k) => [i, fraudCases[k]]));
  const amlFound = new Map(amlAt.map((i, k) => [i, amlCases[k]]));

  // Hits on cases that were already open: `alert_added`, as one entity's screening appends it.
  const failed = await appendPageHits(ctx, page, { fraudHits, fraudCaseOf, amlHits, amlFound });

  return page.map((e, i) => {
    if (failed[i]) return failed[i];
    const outcomes: Outcome[] = [];
    const fraud = fraudHits[i];
    if (fraud) outcomes.push(fraudRecord(fraud.fraud, fraud.alertId, fraudCaseOf.get(i) ?? null, e.base));
    const aml = amlHits[i];
    if (aml && e.aml)
      outcomes.push(amlRecord(e.aml.evaluation, e.aml.fired, aml.alertId, amlFound.get(i)!, e.base));
    return screeningOf(e, outcomes);
  });
}
