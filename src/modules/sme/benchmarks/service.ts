import type { TenantContext } from "../../../db/tenant-context";
import { jobs } from "../../../jobs/messages";
import { daysBefore } from "../../../lib/clock";
import { benchmarkValues, buildBenchmarks, type CohortBenchmark, type Member } from "../domain/benchmarks";
import { cohortFor } from "../domain/cohorts";
import { assessHealth, CALCULATION_VERSION } from "../domain/health";
import * as repo from "../repo";

/** Customers per activity query of a benchmark run (an id range: no id list is sent). */
export const BENCHMARK_SLICE = 5_000;
const SLICES_IN_FLIGHT = 2;
/** A snapshot older than this is refreshed (the daily cron normally keeps it younger). */
export const BENCHMARK_MAX_AGE_HOURS = 24;
export const DEFAULT_WINDOW_DAYS = 90;

export interface Snapshot {
  id: string;
  windowDays: number;
  customerCount: number;
  cohorts: CohortBenchmark[];
  computedAt: string;
}

export const windowOf = (asOf: Date, windowDays: number): repo.Window => ({
  end: asOf.toISOString(),
  start: daysBefore(asOf, windowDays).toISOString(),
  windowDays,
});

/**
 * Computes and stores a benchmark snapshot: the tenant's customers in id slices of
 * BENCHMARK_SLICE (cut by one query over the customer ids), one aggregate query per slice,
 * each active customer's health by the same domain code as a single assessment, then the
 * cohort distributions. 100,000 customers = 21 queries. Only numbers per customer are kept.
 */
export async function computeSnapshot(
  ctx: TenantContext,
  windowDays: number,
  sliceSize = BENCHMARK_SLICE,
): Promise<Snapshot> {
  const asOf = ctx.clock.now();
  const w = windowOf(asOf, windowDays);
  const members: Member[] = [];
  const cuts = await repo.sliceBoundaries(ctx, sliceSize);
  const ranges = [...cuts, repo.LAST_ID].map((throughId, i) => ({
    kind: "range" as const,
    afterId: i === 0 ? null : cuts[i - 1],
    throughId,
  }));
  const slice = async (range: (typeof ranges)[number]) => {
    const activity = await repo.activityByCustomer(ctx, range, w);
    for (const a of activity.values()) {
      const { health, totals } = assessHealth(a);
      const cohort = cohortFor(totals.monthlyTransactions, totals.monthlyVolumeMinor / 100);
      members.push({ cohortId: cohort.cohortId, values: benchmarkValues(health) });
    }
  };
  // Two slices in flight: one transfers while the other runs. Member order does not matter
  // (distributions sort their values).
  for (let i = 0; i < ranges.length; i += SLICES_IN_FLIGHT)
    await Promise.all(ranges.slice(i, i + SLICES_IN_FLIGHT).map(slice));
  const snapshot: Snapshot = {
    id: crypto.randomUUID(),
    windowDays,
    customerCount: members.length,
    cohorts: buildBenchmarks(members),
    computedAt: asOf.toISOString(),
  };
  await repo.insertSnapshot(ctx, { ...snapshot, calculationVersion: CALCULATION_VERSION });
  return snapshot;
}

const toSnapshot = (row: NonNullable<Awaited<ReturnType<typeof repo.latestSnapshot>>>): Snapshot => ({
  id: row.id,
  windowDays: row.windowDays,
  customerCount: row.customerCount,
  cohorts: row.cohorts as CohortBenchmark[],
  computedAt: row.computedAt,
});

export const isFresh = (computedAt: string, now: Date) =>
  now.getTime() - Date.parse(computedAt) < BENCHMARK_MAX_AGE_HOURS * 3_600_000;

/**
 * The snapshot to compare against: the latest for the window. None yet: computed now. Older
 * than BENCHMARK_MAX_AGE_HOURS: used as is while a refresh runs on the jobs queue, so a
 * request never waits for a tenant-wide pass it does not need.
 */
export async function currentSnapshot(ctx: TenantContext, windowDays: number): Promise<Snapshot> {
  const row = await repo.latestSnapshot(ctx, windowDays);
  if (!row) return computeSnapshot(ctx, windowDays);
  if (!isFresh(row.computedAt, ctx.clock.now()) || row.calculationVersion !== CALCULATION_VERSION)
    await ctx.env.JOBS_QUEUE.send(jobs.smeBenchmarks(ctx.tenantId, windowDays));
  return toSnapshot(row);
}

/** Refreshes a window's snapshot unless a fresh one exists (queue redeliveries and duplicate requests). */
export async function refreshSnapshot(ctx: TenantContext, windowDays: number): Promise<Snapshot> {
  const row = await repo.latestSnapshot(ctx, windowDays);
  if (row && isFresh(row.computedAt, ctx.clock.now()) && row.calculationVersion === CALCULATION_VERSION)
    return toSnapshot(row);
  return computeSnapshot(ctx, windowDays);
}

/** Daily: the default window, and every other window used in the last week. */
export async function refreshAllWindows(ctx: TenantContext): Promise<void> {
  const since = daysBefore(ctx.clock.now(), 7).toISOString();
  const windows = new Set([DEFAULT_WINDOW_DAYS, ...(await repo.windowsInUse(ctx, since))]);
  for (const windowDays of [...windows].sort((a, b) => a - b)) await computeSnapshot(ctx, windowDays);
}
