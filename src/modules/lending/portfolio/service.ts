import type { TenantContext } from "../../../db/tenant-context";
import { badRequest } from "../../../lib/errors";
import { fromMinor } from "../../../lib/money";
import type { Bucket } from "../domain/arrears";
import { monthEndsBetween, type SnapshotState, snapshotStates } from "../domain/snapshot";
import { parRatio, previousMonthEnd, transitions } from "../domain/transitions";
import * as lending from "../repo";
import { afterEvents, eventsOnce, repaymentInputs, scheduleOf, today, transitionEvents } from "../service";
import * as repo from "./repo";

const HISTORY_MONTHS = 12;

const figures = (r: Omit<repo.ParRow, "grp">) => ({
  loans: r.loans,
  outstandingPrincipal: fromMinor(r.total),
  par1: parRatio(r.par1, r.total),
  par30: parRatio(r.par30, r.total),
  par90: parRatio(r.par90, r.total),
  atRisk: { par1: fromMinor(r.par1), par30: fromMinor(r.par30), par90: fromMinor(r.par90) },
});

const totalOf = (rows: repo.ParRow[]) =>
  rows.reduce(
    (t, r) => ({
      loans: t.loans + r.loans,
      total: t.total + r.total,
      par1: t.par1 + r.par1,
      par30: t.par30 + r.par30,
      par90: t.par90 + r.par90,
    }),
    { loans: 0, total: 0, par1: 0, par30: 0, par90: 0 },
  );

/**
 * PAR as of a date: today or later live from the loans' derived columns; an earlier date only
 * from a stored month-end snapshot (the derived columns know only the present repayments).
 */
export async function portfolioAtRisk(
  ctx: TenantContext,
  input: { asOf?: string; groupBy?: repo.GroupBy; currency?: string },
) {
  const now = today(ctx);
  const asOf = input.asOf ?? now;
  const currency = (input.currency ?? ctx.tenant.settings.currency).toUpperCase();
  let source: "live" | "snapshot" = "live";
  let rows: repo.ParRow[];
  if (asOf >= now) rows = await repo.livePar(ctx, asOf, currency, input.groupBy);
  else if (await repo.hasSnapshot(ctx, asOf)) {
    source = "snapshot";
    rows = await repo.snapshotPar(ctx, asOf, currency, input.groupBy);
  } else {
    throw badRequest("Invalid request", [
      { path: "asOf", message: "a past date must be a month-end with a stored snapshot (see history)" },
    ]);
  }
  const history = await repo.parHistory(ctx, currency, HISTORY_MONTHS);
  return {
    asOf,
    currency,
    source,
    groupBy: input.groupBy ?? null,
    portfolio: figures(totalOf(rows)),
    groups: input.groupBy ? rows.map((r) => ({ key: r.grp, ...figures(r) })) : [],
    history: history.map((h) => ({ monthEnd: h.monthEnd, ...figures(h) })),
    rollRates: await rollRates(
      ctx,
      currency,
      history.map((h) => h.monthEnd),
    ),
  };
}

const nextMonthEnd = (monthEnd: string) => {
  const d = new Date(`${monthEnd}T00:00:00Z`);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 2, 0);
  return d.toISOString().slice(0, 10);
};

/**
 * Month-to-month roll rates as stored with each snapshot: of the principal in a bucket at one
 * month-end, the share in each bucket a month later.
 */
async function rollRates(ctx: TenantContext, currency: string, months: string[]) {
  const stored = new Set(months);
  const from = months.filter((m) => stored.has(nextMonthEnd(m)));
  const rows = await repo.rollRows(ctx, currency, from);
  const withRows = new Set(rows.map((r) => r.fromMonth));
  return from
    .filter((m) => withRows.has(m))
    .sort()
    .map((fromMonth) => {
      const mine = rows.filter((r) => r.fromMonth === fromMonth);
      const base = new Map<string, number>();
      for (const r of mine) base.set(r.fromBucket, (base.get(r.fromBucket) ?? 0) + r.principal);
      return {
        fromMonth,
        toMonth: nextMonthEnd(fromMonth),
        flows: mine.map((r) => ({
          fromBucket: r.fromBucket as Bucket,
          toBucket: r.toBucket as Bucket | "closed",
          loans: r.loans,
          outstandingPrincipal: fromMinor(r.principal),
          rate: parRatio(r.principal, base.get(r.fromBucket) ?? 0),
        })),
      };
    });
}

const PAGE = 2_000;
const MAX_PAGES = 50;

/**
 * The daily refresh: announce the bucket changes that time alone made (no repayment arrived),
 * and write last month's snapshot if it is missing. Events are fixed per loan, move and day.
 */
export async function refreshLending(ctx: TenantContext) {
  const on = today(ctx);
  const now = ctx.clock.now().toISOString();
  let changed = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const rows = await repo.stateChanges(ctx, on, PAGE);
    if (rows.length === 0) break;
    const moves = rows.flatMap((r) =>
      transitions(
        { bucket: r.stateBucket as Bucket, repaid: r.stateRepaid === 1 },
        { bucket: r.bucket as Bucket, repaid: r.stateRepaid === 1 },
      ).map((transition) => ({
        loan: r,
        transition,
        daysPastDue: r.dpd,
        outstandingPrincipal: r.outstandingPrincipal,
      })),
    );
    const events = await transitionEvents(moves, on);
    await ctx.db.batchSql([
      ...lending.updateLoanState(
        ctx,
        rows.map((r) => ({ id: r.id, stateBucket: r.bucket })),
        on,
      ),
      ...eventsOnce(ctx, events, now),
    ]);
    await afterEvents(ctx, events.length);
    changed += rows.length;
  }
  const monthEnd = previousMonthEnd(on);
  const snapshot = (await repo.hasSnapshot(ctx, monthEnd)) ? null : monthEnd;
  // The snapshot as of the month-end (loans repaid since are reconstructed) and the roll rates it
  // completes, in one transaction.
  if (snapshot) {
    const repaidSince = (await repo.loansRepaidAfter(ctx, snapshot)).map((l) => l.id);
    const states = await reconstructStates(ctx, repaidSince, [snapshot]);
    await ctx.db.batchSql([
      repo.writeSnapshot(ctx, snapshot, now),
      ...repo.insertSnapshotRows(ctx, states, now),
      repo.writeRollRates(ctx, snapshot, now),
    ]);
  }
  return { changed, snapshot };
}

const RECONSTRUCT_CHUNK = 500;

/** These loans as of each of the month-ends, from their schedules and repayments (three reads per 500 loans). */
export async function reconstructStates(
  ctx: TenantContext,
  loanIds: readonly string[],
  monthEnds: readonly string[],
): Promise<SnapshotState[]> {
  const out: SnapshotState[] = [];
  for (let i = 0; i < loanIds.length; i += RECONSTRUCT_CHUNK) {
    const ids = loanIds.slice(i, i + RECONSTRUCT_CHUNK);
    const [loans, installments, repayments] = await Promise.all([
      repo.snapshotLoans(ctx, ids),
      lending.installmentsOf(ctx, ids),
      lending.repaymentsOf(ctx, ids),
    ]);
    const byLoan = <T extends { loanId: string }>(rows: T[]) => {
      const map = new Map<string, T[]>();
      for (const r of rows) {
        const list = map.get(r.loanId);
        if (list) list.push(r);
        else map.set(r.loanId, [r]);
      }
      return map;
    };
    const schedules = byLoan(installments);
    const paid = byLoan(repayments);
    for (const loan of loans)
      out.push(
        ...snapshotStates(
          loan,
          scheduleOf(schedules.get(loan.id) ?? []),
          repaymentInputs(paid.get(loan.id) ?? []),
          monthEnds,
        ),
      );
  }
  return out;
}

/** Month-ends one backfill rebuilds at most, and loans it reconstructs in one request. */
export const BACKFILL_MAX_MONTHS = 24;
export const BACKFILL_MAX_LOANS = 2_500;

/**
 * Writes (or rewrites) whole month-ends from `from`'s month to the last month-end, each loan
 * reconstructed as of each month-end, and the roll rates between them, in one batch: for a
 * tenant whose history arrived after the month-ends it covers (docs/methodology/lending.md).
 */
export async function backfillSnapshots(ctx: TenantContext, from: string) {
  const last = previousMonthEnd(today(ctx));
  const months = monthEndsBetween(from, last);
  if (months.length === 0)
    throw badRequest("Invalid request", [
      { path: "from", message: `must be on or before ${last}, the last month-end` },
    ]);
  if (months.length > BACKFILL_MAX_MONTHS)
    throw badRequest("Invalid request", [
      { path: "from", message: `at most ${BACKFILL_MAX_MONTHS} month-ends (${months.length} asked)` },
    ]);
  const ids = (await repo.snapshotCandidates(ctx, last, BACKFILL_MAX_LOANS + 1)).map((l) => l.id);
  if (ids.length > BACKFILL_MAX_LOANS)
    throw badRequest("The book is too large to backfill in one request", [
      {
        path: "from",
        message: `more than ${BACKFILL_MAX_LOANS} loans; the daily job keeps month-ends from now on`,
      },
    ]);
  const states = await reconstructStates(ctx, ids, months);
  const next = nextMonthEnd(last);
  const storedNext = (await repo.hasSnapshot(ctx, next)) ? next : null;
  const now = ctx.clock.now().toISOString();
  await ctx.db.batchSql(repo.replaceMonthEnds(ctx, months, states, now, storedNext));
  return { monthEnds: months, loans: ids.length, rows: states.length };
}
