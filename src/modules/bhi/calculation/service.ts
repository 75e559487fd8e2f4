import type { TenantContext } from "../../../db/tenant-context";
import { daysBefore } from "../../../lib/clock";
import { yieldToEventLoop } from "../../../lib/yield";
import { eventStatements, notifyOutbox } from "../../events/service";
import { repaymentRecords } from "../../lending/history/service";
import type { Band } from "../domain/bands";
import { CALCULATION_VERSION } from "../domain/calculate";
import { WINDOW_DAYS, WINDOW_WEEKS } from "../domain/components";
import {
  type CustomerBalance,
  type CustomerFlows,
  inGroups,
  type LatestScore,
  type RunInputs,
  type RunSettings,
  type Scored,
  type ScoredRecord,
  type ScoringRun,
  scoreCustomers,
  tallyStored,
} from "../domain/run";
import { runIds } from "../domain/run-ids";
import { targetParts } from "../domain/targets";
import type { Weights } from "../domain/weights";
import { presentRecord } from "../present";
import { customersOf, type Target } from "../repo";
import * as repo from "./repo";

/**
 * Customers whose records and events go into one atomic batch. Locally D1 runs SQLite on the
 * Worker's thread: a group of 250 was 37-79 ms of D1 CPU (each record fires its pointer and event
 * triggers), and groups sent together ran back to back as one stretch
 * (docs/decisions/faults.md#slices-that-yield). 100 a group, one at a time, a yield between.
 */
const WRITE_GROUP = 100;

export interface CalculationFailure {
  customerId: string;
  bhi: null;
  alerts: [];
  isSignificantChange: false;
  persisted: false;
  error: { code: string; message: string };
}

export interface RunOutcome {
  results: Array<ReturnType<typeof success> | CalculationFailure>;
  successful: number;
  failed: number;
  byBand: Record<Band, number>;
  alertCount: number;
}

const success = (record: ScoredRecord & { tenantId: string }, details: boolean) => ({
  customerId: record.customerId,
  bhi: presentRecord({ ...record, isLatest: true }, details),
  alerts: record.alerts,
  isSignificantChange: record.isSignificantChange,
  persisted: true as const,
});

const failure = (customerId: string, code: string, message: string): CalculationFailure => ({
  customerId,
  bhi: null,
  alerts: [],
  isSignificantChange: false,
  persisted: false,
  error: { code, message },
});

/**
 * Calculates and stores the BHI of every customer in the target: three aggregate reads
 * (transactions, balances, latest records) and one customer read, whatever the number of
 * customers, then grouped atomic writes. A customer without activity in the window, or
 * whose write group fails, is reported as a failure; the others are kept.
 */
export async function runCalculation(
  ctx: TenantContext,
  target: Target,
  weights: Weights,
  options: { details: boolean; missingIds?: string[] },
): Promise<RunOutcome> {
  const asOf = ctx.clock.now();
  const at = asOf.toISOString();
  const t0 = performance.now(); // phase timings for the bench (not business time)
  const inputs = await readInputs(ctx, target, asOf);
  const t1 = performance.now();
  const { scored, unscorable } = await scoreInSlices(inputs, {
    weights,
    riskAlertThreshold: ctx.tenant.settings.riskAlertThreshold,
    at,
    // Increasing within the run (one millisecond): each group's records go to one place of the
    // indexes that end in the id, not a page each (domain/run-ids.ts).
    newRecordId: runIds(asOf),
    newEventId: runIds(asOf),
  });
  const t2 = performance.now();
  const written = await writeScored(ctx, scored, { weights, calculationVersion: CALCULATION_VERSION, at });
  if (written.stored.length > 0) await notifyOutbox(ctx);
  const results = await resultsOf(ctx.tenantId, options, unscorable, written);
  const tally = tallyStored(written.stored);
  ctx.instrumentation?.phase("bhi-read", t1 - t0);
  ctx.instrumentation?.phase("bhi-compute", t2 - t1);
  ctx.instrumentation?.phase("bhi-write", performance.now() - t2);
  return {
    results,
    successful: tally.successful,
    failed: results.length - tally.successful,
    byBand: tally.byBand,
    alertCount: tally.alertCount,
  };
}

/**
 * Customers scored between two yields: a queued run scores up to 5,000 customers (JOB_SLICE) and
 * one synchronous pass over them held the isolate for as long (docs/decisions/faults.md#slices-that-yield).
 */
const SCORE_SLICE = 250;

/** scoreCustomers over the customers in slices of SCORE_SLICE, yielding between them; same order. */
async function scoreInSlices(inputs: RunInputs, settings: RunSettings): Promise<ScoringRun> {
  const run: ScoringRun = { scored: [], unscorable: [] };
  for (let i = 0; i < inputs.customerIds.length; i += SCORE_SLICE) {
    if (i > 0) await yieldToEventLoop();
    const part = scoreCustomers(
      { ...inputs, customerIds: inputs.customerIds.slice(i, i + SCORE_SLICE) },
      settings,
    );
    run.scored.push(...part.scored);
    run.unscorable.push(...part.unscorable);
  }
  return run;
}

/**
 * One result per customer asked for, in customer id order. The stored records are presented
 * SCORE_SLICE at a time with a yield between: 5,000 of them in one pass were a slice of their
 * own before the answer's serialisation.
 */
async function resultsOf(
  tenantId: string,
  options: { details: boolean; missingIds?: string[] },
  unscorable: string[],
  written: Written,
): Promise<RunOutcome["results"]> {
  const results: RunOutcome["results"] = [
    ...(options.missingIds ?? []).map((id) => failure(id, "not_found", "Customer not found")),
    ...unscorable.map((id) =>
      failure(id, "insufficient_data", `No transactions in the last ${WINDOW_DAYS} days to score`),
    ),
  ];
  for (let i = 0; i < written.stored.length; i += SCORE_SLICE) {
    await yieldToEventLoop();
    for (const record of written.stored.slice(i, i + SCORE_SLICE))
      results.push(success({ ...record, tenantId }, options.details));
  }
  for (const record of written.failed)
    results.push(
      failure(
        record.customerId,
        "write_failed",
        "The record could not be stored (concurrent calculation?); retry",
      ),
    );
  await yieldToEventLoop();
  return results.sort((a, b) => (a.customerId < b.customerId ? -1 : a.customerId > b.customerId ? 1 : 0));
}

/**
 * Customers per read of activity, balances and latest records. Locally D1 runs SQLite on the
 * Worker's thread, where one aggregate over 5,000 customers' transactions held it for a blocking
 * slice of its own, and the activity read of 1,000 was still 22-36 ms of D1 CPU
 * (docs/decisions/faults.md#slices-that-yield); three reads per 500 customers keep each short and
 * stay far under D1's 1,000 queries per invocation (a queued run's slice is 5,000 customers).
 */
const READ_SLICE = 500;

/**
 * The read step: customers (then their loans' repayment records: three reads per 1,000 loans),
 * then activity, balances and latest records per READ_SLICE customers (the three of a slice run
 * back to back in D1: 18-21 ms of its CPU together; one at a time made the reads 0.4-0.8 s
 * instead of 0.3-0.4 s for 5,000 customers).
 */
async function readInputs(ctx: TenantContext, target: Target, asOf: Date): Promise<RunInputs> {
  const weekStarts = Array.from({ length: WINDOW_WEEKS + 1 }, (_, k) =>
    daysBefore(asOf, 7 * k).toISOString(),
  );
  const asOfDay = asOf.toISOString().slice(0, 10);
  const ids = (await customersOf(ctx, target)).map((c) => c.id);
  const loanRecords = await repaymentRecords(ctx, ids, asOfDay);
  const activity = new Map<string, CustomerFlows>();
  const balances = new Map<string, CustomerBalance>();
  const latest = new Map<string, LatestScore>();
  for (const part of targetParts(target, ids, READ_SLICE)) {
    await yieldToEventLoop();
    const [a, b, l] = await Promise.all([
      repo.activityByCustomer(ctx, part, weekStarts),
      repo.balancesByCustomer(ctx, part),
      repo.latestByCustomer(ctx, part),
    ]);
    for (const [id, x] of a) activity.set(id, x);
    for (const [id, x] of b) balances.set(id, x);
    for (const [id, x] of l) latest.set(id, x);
  }
  return { customerIds: ids, activity, balances, latest, loanRecords };
}

interface Written {
  stored: ScoredRecord[];
  /** Records of the groups whose batch failed: nothing of them was written. */
  failed: ScoredRecord[];
}

/**
 * The write step: groups of WRITE_GROUP customers, each one atomic batch (its own transaction),
 * sent one after the other with a yield before each: never two queued back to back in D1.
 */
async function writeScored(
  ctx: TenantContext,
  scored: Scored[],
  run: { weights: Weights; calculationVersion: string; at: string },
): Promise<Written> {
  const written: Written = { stored: [], failed: [] };
  const writeGroup = async (group: Scored[]) => {
    // Each group's statements are built in a slice of their own (3,000 records at once held
    // the isolate for ~90 ms of CPU).
    await yieldToEventLoop();
    const records = group.map((g) => g.record);
    // Records first, then the events other than bhi.calculated (a trigger makes that one).
    const statements = [
      ...repo.writeStatements(ctx, records, run),
      ...eventStatements(
        ctx,
        group.flatMap((g) => g.events),
        run.at,
      ),
    ];
    try {
      await repo.writeAtomically(ctx, statements);
      written.stored.push(...records);
    } catch (err) {
      // Most likely a concurrent calculation took the same version numbers: nothing of this
      // group was written (the batch is one transaction), so a retry is safe.
      console.error(
        JSON.stringify({
          level: "error",
          msg: "bhi write failed",
          requestId: ctx.requestId,
          err: String(err),
        }),
      );
      written.failed.push(...records);
    }
  };
  for (const group of inGroups(scored, WRITE_GROUP)) await writeGroup(group);
  return written;
}
