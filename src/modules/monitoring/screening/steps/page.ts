import type { TenantContext } from "../../../../db/tenant-context";
import { caseKindServices } from "../../../cases/kinds/service";
import type { DeferredCase } from "../repo";
import type { Evaluated, Screening } from "../service";
import { screeningOf } from "../service";
import { type AmlHit, amlHit, amlHitNote } from "./aml";
import { appendPageHits } from "./appends";
import {
  claimFull,
  deferralOf,
  deferredClaim,
  deferredRows,
  settledDeferred,
  settledStatements,
  slotOf,
} from "./deferred";
import { type FraudHit, fraudHit, fraudHitEntry } from "./fraud";
import { MONITORING_ACTOR, type Outcome } from "./outcome";
import { type AmlCaseResult, amlRecord, type FraudCaseResult, fraudRecord } from "./records";
import { subjects, subjectsOf } from "./subjects";

/** One hit's case work: the screening's base and its fraud and AML hits, mapped to its subject. */
interface Slot {
  base: Evaluated["base"];
  fraudHit: FraudHit | null;
  amlHit: AmlHit | null;
  /** The subject the cases are about (a customer, or the entity itself). */
  subject: <T extends { entityType: string; entityId: string }>(x: T) => T;
}

/**
 * The cases of a page's hits settled together (docs/methodology/monitoring.md#case-opening-per-page):
 * the fraud cases to open in one guarded batch (one open case per entity, checked in the
 * statement), the AML cases in one batch (the partial unique index dedupes per entity and rule),
 * each with one read before or after; then the appends to cases already open (steps/appends.ts:
 * AML in one batch, fraud through each case's object a few at a time). The same cases, events and case refs as
 * screening the entities one by one (settleOne), answered per entity in order (an Error: that
 * entity failed).
 *
 * With `defer` (drains; docs/methodology/monitoring.md#deferred-case-opening): a hit whose subject
 * has another entity pending, or hits deferred already, keeps its alert and defers its case
 * (steps/deferred.ts); the batch that stores the page claims the deferred hits of subjects with
 * nothing pending anymore and settleClaimed opens them, so a subject's hits of one drain open its
 * case once, all its alerts in the opening batch.
 */
export async function settlePage(
  ctx: TenantContext,
  page: readonly Evaluated[],
  defer = false,
): Promise<Array<Screening | Error>> {
  const fraudHits = page.map((e) =>
    e.fraud ? fraudHit(e.fraud, e.fraudSet.content.createCaseThreshold, e.base) : null,
  );
  const amlHits = page.map((e) =>
    e.aml ? amlHit(e.aml.evaluation, e.aml.fired, e.amlSet.content, e.base) : null,
  );
  const touches = (i: number) =>
    Boolean(fraudHits[i]?.opensCase || (amlHits[i]?.request.outcomes.length ?? 0) > 0);
  // A customer and its accounts are one subject: an account's hit goes to its customer's case.
  const { subject, deferring } = defer
    ? await deferralOf(
        ctx,
        page,
        page.flatMap((e, i) => (touches(i) ? [e.entity] : [])),
      ).then((d) => ({ subject: subjectsOf(d.owners), deferring: d.defer }))
    : {
        subject: await subjects(
          ctx,
          page.filter((e) => e.fraud || e.aml),
        ),
        deferring: new Set<string>(),
      };
  const subjectOf = (i: number) => {
    const s = subject(page[i].entity);
    return s.entityType === "customer" ? s.entityId : null;
  };
  const deferred = page.map((_, i) => touches(i) && deferring.has(subjectOf(i) ?? ""));
  const { fraudCaseOf, amlFound, failed } = await openSlots(
    ctx,
    page.map((e, i) =>
      deferred[i]
        ? { base: e.base, fraudHit: null, amlHit: null, subject }
        : { base: e.base, fraudHit: fraudHits[i], amlHit: amlHits[i], subject },
    ),
  );
  return page.map((e, i): Screening | Error => {
    if (failed[i]) return failed[i];
    const outcomes: Outcome[] = [];
    const fraud = fraudHits[i];
    if (fraud) outcomes.push(fraudRecord(fraud.fraud, fraud.alertId, fraudCaseOf.get(i) ?? null, e.base));
    const aml = amlHits[i];
    if (aml && e.aml)
      outcomes.push(amlRecord(e.aml.evaluation, e.aml.fired, aml.alertId, amlFound.get(i) ?? [], e.base));
    const s = screeningOf(e, outcomes);
    if (deferred[i]) {
      const mapped = aml ? { ...aml, request: subject(aml.request) } : null;
      const rows = deferredRows(e, subjectOf(i)!, fraud?.opensCase ? fraud : null, mapped);
      s.deferred = rows;
      s.casesDeferred = rows.length;
    }
    return s;
  });
}

/**
 * The cases of `slots`' hits opened in one call per kind, a subject's later hits chained in the
 * opening batch, then `alert_added` on the cases that were already open (steps/appends.ts).
 */
async function openSlots(ctx: TenantContext, slots: readonly Slot[]) {
  const opening = slots.flatMap((s, i) => (s.fraudHit?.opensCase ? [i] : []));
  const amlAt = slots.flatMap((s, i) => (s.amlHit ? [i] : []));
  // Opened through the cases module's interface over the kinds (each kind's own subjects and answers).
  const [fraudCases, amlCases] = (await Promise.all([
    caseKindServices("fraud").open.page(
      ctx,
      opening.map((i) => slots[i].subject(slots[i].fraudHit!.fraud)) as never[],
      MONITORING_ACTOR,
      opening.map((i) => fraudHitEntry(slots[i].fraudHit!, slots[i].base)),
    ),
    caseKindServices("aml").open.page(
      ctx,
      amlAt.map((i) => slots[i].subject(slots[i].amlHit!.request)) as never[],
      MONITORING_ACTOR,
      amlAt.map((i) => amlHitNote(slots[i].amlHit!, slots[i].base)),
    ),
  ])) as [FraudCaseResult[], AmlCaseResult[][]];
  const fraudCaseOf = new Map<number, FraudCaseResult>(opening.map((i, k) => [i, fraudCases[k]]));
  const amlFound = new Map(amlAt.map((i, k) => [i, amlCases[k]]));
  // Hits on cases that were already open: `alert_added`, as one entity's screening appends it.
  const failed = await appendPageHits(ctx, slots, {
    fraudHits: slots.map((s) => s.fraudHit),
    fraudCaseOf,
    amlHits: slots.map((s) => s.amlHit),
    amlFound,
  });
  return { fraudCaseOf, amlFound, failed };
}

/**
 * Claimed deferred hits (steps/deferred.ts) settled: their subjects' cases opened with every one
 * of their alerts in the opening batch (the older alert opens), then their alerts' case refs, the
 * cases' events and the rows' removal in one batch. A hit whose append failed keeps its row: its
 * claim lapses and a later page retries it. Answers the events recorded and the cases touched.
 */
export async function settleClaimed(ctx: TenantContext, claimed: readonly DeferredCase[]) {
  const tally = { events: 0, opened: 0, appended: 0 };
  if (claimed.length === 0) return tally;
  const now = ctx.clock.now();
  const slots = claimed.map((d) => slotOf(d, now));
  const { fraudCaseOf, amlFound, failed } = await openSlots(
    ctx,
    slots.map((d) => ({ ...d, subject: d.fraudHit ? toCustomer(d.subjectId) : <T>(x: T) => x })),
  );
  const settled = slots.flatMap((d, k) =>
    failed[k] ? [] : [settledDeferred(d, fraudCaseOf.get(k) ?? null, amlFound.get(k) ?? [])],
  );
  if (settled.length > 0) await ctx.db.batch(settledStatements(ctx, settled) as never);
  for (const x of settled) {
    tally.events += x.events.length;
    tally.opened += x.opened;
    tally.appended += x.appended;
  }
  return tally;
}

const toCustomer =
  (id: string) =>
  <T extends { entityType: string; entityId: string }>(x: T): T => ({
    ...x,
    entityType: "customer",
    entityId: id,
  });

/** Claims a drain's end makes at most (DEFERRED_SUBJECTS_PER_CLAIM subjects each). */
export const DEFERRED_SWEEP_CLAIMS = 8;

/**
 * The deferred hits whose subjects have nothing pending anymore, claimed and opened (a drain's
 * end: the subject's last entity was dead-lettered, two drains each deferred for the other, or a
 * page's bounded claim left some): claim after claim while one comes back full, at most `claims`
 * of them; what is left waits for the next drain (the minute cron's stranded sweep finds it).
 */
export async function settleDeferred(ctx: TenantContext, claims = DEFERRED_SWEEP_CLAIMS) {
  const tally = { events: 0, opened: 0, appended: 0, left: false };
  for (let i = 0; i < claims; i++) {
    const claimed = await deferredClaim(ctx);
    const t = await settleClaimed(ctx, claimed);
    tally.events += t.events;
    tally.opened += t.opened;
    tally.appended += t.appended;
    tally.left = claimFull(claimed);
    if (!tally.left) break;
  }
  return tally;
}
