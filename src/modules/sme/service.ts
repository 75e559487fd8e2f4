import type { TenantContext } from "../../db/tenant-context";
import { getCustomer } from "../data/service";
import { currentSnapshot, type Snapshot, windowOf } from "./benchmarks/service";
import { ALL_COHORT, type CohortPlacement, placeInCohort } from "./domain/benchmarks";
import { COHORTS } from "./domain/cohorts";
import { assessHealth, CALCULATION_VERSION, type SmeHealth } from "./domain/health";
import { bucketCount, type SmeActivity } from "./domain/metrics";
import { buildNarrative, DISCLAIMER, type SmeNarrative } from "./domain/narrative";
import * as repo from "./repo";

/** A stored assessment is served by GET while younger than this and no transaction arrived since. */
export const ASSESSMENT_FRESH_HOURS = 24;

export interface Assessment {
  customerId: string;
  customerName: string;
  health: SmeHealth;
  cohort: CohortPlacement;
  narrative: SmeNarrative;
  evaluatedAt: string;
  windowDays: number;
  calculationVersion: string;
  benchmarkSnapshotId: string;
}

const emptyActivity = (windowDays: number): SmeActivity => ({
  windowDays,
  buckets: Array.from({ length: bucketCount(windowDays) }, () => ({
    inflowMinor: 0,
    outflowMinor: 0,
    count: 0,
  })),
  activeDays: 0,
  attributedInflowMinor: 0,
  sourceSquareSum: 0,
  sourceCount: 0,
});

/** Computes a customer's assessment from current data (nothing is stored). 404 for an absent customer. */
export async function assess(
  ctx: TenantContext,
  customerId: string,
  windowDays: number,
): Promise<Assessment> {
  const customer = await getCustomer(ctx, customerId);
  const asOf = ctx.clock.now();
  const [activity, snapshot] = await Promise.all([
    repo.activityByCustomer(ctx, { kind: "one", customerId }, windowOf(asOf, windowDays)),
    currentSnapshot(ctx, windowDays),
  ]);
  return compose(customer, activity.get(customerId) ?? emptyActivity(windowDays), snapshot, asOf);
}

function compose(
  customer: { id: string; name: string },
  activity: SmeActivity,
  snapshot: Snapshot,
  asOf: Date,
): Assessment {
  const { health, totals } = assessHealth(activity);
  const cohort = placeInCohort(
    health,
    { transactions: totals.monthlyTransactions, volume: totals.monthlyVolumeMinor / 100 },
    snapshot.cohorts,
  );
  return {
    customerId: customer.id,
    customerName: customer.name,
    health,
    cohort,
    narrative: buildNarrative({
      customerName: customer.name,
      windowDays: activity.windowDays,
      health,
      placement: cohort,
    }),
    evaluatedAt: asOf.toISOString(),
    windowDays: activity.windowDays,
    calculationVersion: CALCULATION_VERSION,
    benchmarkSnapshotId: snapshot.id,
  };
}

/** POST /sme-health/calculate: computes and stores an assessment (append-only history). */
export async function calculate(ctx: TenantContext, customerId: string, windowDays: number) {
  const a = await assess(ctx, customerId, windowDays);
  const id = crypto.randomUUID();
  await repo.insertAssessment(ctx, {
    id,
    customerId: a.customerId,
    windowDays: a.windowDays,
    overallScore: a.health.overallScore,
    confidenceScore: a.health.confidenceScore,
    cohortId: a.cohort.cohort.cohortId,
    benchmarkSnapshotId: a.benchmarkSnapshotId,
    result: { customerName: a.customerName, health: a.health, cohort: a.cohort, narrative: a.narrative },
    calculationVersion: a.calculationVersion,
    evaluatedAt: a.evaluatedAt,
  });
  return { assessment: a, assessmentId: id as string | null, source: "calculated" as const };
}

/**
 * GET /sme-health/{customerId}: the latest stored assessment for the window while it is
 * fresh (younger than ASSESSMENT_FRESH_HOURS, same calculation version, no transaction of the
 * customer ingested since); otherwise computed from current data and not stored.
 */
export async function getForCustomer(ctx: TenantContext, customerId: string, windowDays: number) {
  const [customer, row] = await Promise.all([
    getCustomer(ctx, customerId),
    repo.latestAssessment(ctx, customerId, windowDays),
  ]);
  const now = ctx.clock.now();
  if (
    row &&
    row.calculationVersion === CALCULATION_VERSION &&
    now.getTime() - Date.parse(row.evaluatedAt) < ASSESSMENT_FRESH_HOURS * 3_600_000 &&
    !(await repo.hasTransactionsIngestedSince(ctx, customerId, row.evaluatedAt))
  ) {
    const r = row.result as Pick<Assessment, "health" | "cohort" | "narrative">;
    const assessment: Assessment = {
      customerId,
      customerName: customer.name,
      health: r.health,
      cohort: r.cohort,
      narrative: r.narrative,
      evaluatedAt: row.evaluatedAt,
      windowDays: row.windowDays,
      calculationVersion: row.calculationVersion,
      benchmarkSnapshotId: row.benchmarkSnapshotId ?? "",
    };
    return { assessment, assessmentId: row.id as string | null, source: "stored" as const };
  }
  return {
    assessment: await assess(ctx, customerId, windowDays),
    assessmentId: null,
    source: "computed" as const,
  };
}

const cohortInfo = new Map([...COHORTS, ALL_COHORT].map((c) => [c.cohortId, c]));

/** GET /sme-health/benchmarks: the current snapshot's cohorts (quantile detail left out). */
export async function listBenchmarks(ctx: TenantContext, windowDays: number) {
  const snapshot = await currentSnapshot(ctx, windowDays);
  const cohorts = snapshot.cohorts.map((c) => {
    const info = cohortInfo.get(c.cohortId);
    return {
      cohortId: c.cohortId,
      name: info?.name ?? c.cohortId,
      description: info?.description ?? "",
      criteria: info?.criteria ?? ALL_COHORT.criteria,
      sampleSize: c.sampleSize,
      metrics: Object.fromEntries(
        Object.entries(c.metrics).map(([k, d]) => [k, { p25: d.p25, p50: d.p50, p75: d.p75, mean: d.mean }]),
      ),
      computedAt: snapshot.computedAt,
    };
  });
  return { snapshot, cohorts };
}

export { DISCLAIMER };
