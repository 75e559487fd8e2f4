import type { TenantContext } from "../../db/tenant-context";
import { AppError, notFound } from "../../lib/errors";
import type { Scope } from "../../lib/scopes";
import { grants } from "../../lib/scopes";
import { type Band, bandOf } from "../bhi/domain/bands";
import type { Trend } from "../bhi/domain/trend";
import { latestRecordsOf, type listRecords } from "../bhi/service";
import { getCustomer, getCustomersByIds } from "../data/service";
import { eventInsert, notifyOutbox } from "../events/service";
import { emptyStanding, type RepaymentStanding } from "../lending/domain/standing";
import { repaymentStandings } from "../lending/standing/service";
import { recommend } from "./domain/engine";
import { CASH_FLOW_WINDOW_DAYS, type CashFlowFacts, type NbaFacts, type NbaResult } from "./domain/facts";
import * as repo from "./repo";

export interface BhiOverride {
  bhiOverall?: number;
  bhiBand?: Band;
  trend?: Trend;
}

/** A latest BHI record as the bhi service presents it. */
export type LatestBhi = Awaited<ReturnType<typeof listRecords>>["data"][number];

export interface CustomerRecommendation extends NbaResult {
  customerId: string;
  bhiSource: NbaFacts["bhiSource"];
}

const EMPTY_CASH_FLOW: CashFlowFacts = {
  daysSinceLastTransaction: null,
  creditCount: 0,
  inflowMinor: 0,
  topCounterpartyShare: null,
  topCounterpartyName: null,
};
/** Events per db.batch when recording nba.generated for many customers. */
const EVENT_CHUNK = 50;
/** Customers per cash-flow statement (one JSON parameter each). */
export const FACTS_CHUNK = 100;

/** The facts the rules read: the stored latest record, overridden field by field by `bhi`. */
export function factsFor(
  customerId: string,
  latest: LatestBhi | null,
  cashFlow: CashFlowFacts,
  repayment: RepaymentStanding,
  override?: BhiOverride,
): NbaFacts {
  const overridden = override && Object.values(override).some((v) => v !== undefined);
  const overall = override?.bhiOverall ?? (latest ? Number(latest.bhiOverall) : null);
  return {
    customerId,
    bhiSource: overridden ? "override" : latest ? "stored" : "none",
    bhiOverall: overall,
    bhiBand:
      override?.bhiBand ??
      (override?.bhiOverall !== undefined ? bandOf(override.bhiOverall) : null) ??
      latest?.bhiBand ??
      null,
    trend: override?.trend ?? latest?.trend ?? null,
    components: latest
      ? {
          liquidity: Number(latest.liquidityScore),
          volatility: Number(latest.volatilityScore),
          revenueStability: Number(latest.revenueStabilityScore),
          expenseRatio: Number(latest.expenseRatioScore),
          paymentBehavior: Number(latest.paymentBehaviorScore),
        }
      : null,
    alerts: latest?.alerts ?? [],
    metrics: (latest?.inputMetrics as Record<string, number> | undefined) ?? {},
    cashFlow,
    repayment,
  };
}

async function latestOf(ctx: TenantContext, customerId: string): Promise<LatestBhi | null> {
  return (await latestRecordsOf(ctx, [customerId])).get(customerId) ?? null;
}

function requireWrite(record: boolean | undefined, scopes: readonly Scope[]) {
  // Generation that persists nothing needs nba:read; recording nba.generated needs nba:write.
  if (record && !grants(scopes, "nba:write"))
    throw new AppError("forbidden", "Recording nba.generated events needs the scope nba:write");
}

const since = (ctx: TenantContext) =>
  new Date(ctx.clock.now().getTime() - CASH_FLOW_WINDOW_DAYS * 86_400_000).toISOString();

/** POST /nba/generate: one customer (404 when absent or another tenant's). */
export async function generate(
  ctx: TenantContext,
  input: { customerId: string; bhi?: BhiOverride; recordEvent?: boolean },
  scopes: readonly Scope[],
): Promise<CustomerRecommendation & { eventRecorded: boolean }> {
  requireWrite(input.recordEvent, scopes);
  await getCustomer(ctx, input.customerId);
  const [latest, cash, standing] = await Promise.all([
    latestOf(ctx, input.customerId),
    repo.cashFlowFacts(ctx, [input.customerId], since(ctx), ctx.clock.now()),
    repaymentStandings(ctx, [input.customerId]),
  ]);
  const facts = factsFor(
    input.customerId,
    latest,
    cash.get(input.customerId) ?? EMPTY_CASH_FLOW,
    standing.get(input.customerId) ?? emptyStanding(),
    input.bhi,
  );
  const result = { customerId: input.customerId, bhiSource: facts.bhiSource, ...recommend(facts) };
  const recorded = input.recordEvent ? await recordGenerated(ctx, [result]) : 0;
  return { ...result, eventRecorded: recorded > 0 };
}

export type BatchItem =
  | (CustomerRecommendation & { status: "ok" })
  | { customerId: string; status: "failed"; error: { code: string; message: string } };

/** POST /nba/batch: each customer independently; an unknown customer fails alone. */
export async function generateBatch(
  ctx: TenantContext,
  input: { customerIds: string[]; recordEvents?: boolean },
  scopes: readonly Scope[],
): Promise<BatchItem[]> {
  requireWrite(input.recordEvents, scopes);
  const ids = [...new Set(input.customerIds)];
  // Four statements whatever the number of customers: cash flows, loans, latest BHI, existence.
  const [cash, standing, latest, known] = await Promise.all([
    repo.cashFlowFacts(ctx, ids, since(ctx), ctx.clock.now()),
    repaymentStandings(ctx, ids),
    latestRecordsOf(ctx, ids),
    getCustomersByIds(ctx, ids),
  ]);
  const items = ids.map((customerId): BatchItem => {
    if (!known.has(customerId)) {
      const err = notFound("Customer");
      return { customerId, status: "failed", error: { code: err.code, message: err.message } };
    }
    const facts = factsFor(
      customerId,
      latest.get(customerId) ?? null,
      cash.get(customerId) ?? EMPTY_CASH_FLOW,
      standing.get(customerId) ?? emptyStanding(),
    );
    return { customerId, status: "ok", bhiSource: facts.bhiSource, ...recommend(facts) };
  });
  if (input.recordEvents)
    await recordGenerated(
      ctx,
      items.filter((i): i is Extract<BatchItem, { status: "ok" }> => i.status === "ok"),
    );
  return items;
}

/**
 * Recommendations for customers whose latest records the caller already holds (the
 * bhi-refresh workflow pages through declining customers): one cash-flow and one loan statement
 * per FACTS_CHUNK customers, and nba.generated for each customer with at least one action.
 */
export async function generateForRecords(ctx: TenantContext, records: readonly LatestBhi[]) {
  const results: CustomerRecommendation[] = [];
  for (let i = 0; i < records.length; i += FACTS_CHUNK) {
    const chunk = records.slice(i, i + FACTS_CHUNK);
    const ids = chunk.map((r) => r.customerId);
    const [cash, standing] = await Promise.all([
      repo.cashFlowFacts(ctx, ids, since(ctx), ctx.clock.now()),
      repaymentStandings(ctx, ids),
    ]);
    for (const r of chunk) {
      const facts = factsFor(
        r.customerId,
        r,
        cash.get(r.customerId) ?? EMPTY_CASH_FLOW,
        standing.get(r.customerId) ?? emptyStanding(),
      );
      results.push({ customerId: r.customerId, bhiSource: facts.bhiSource, ...recommend(facts) });
    }
  }
  const recorded = await recordGenerated(ctx, results);
  return { results, eventsRecorded: recorded };
}

/** nba.generated (docs/contract.md#event-data shape) for each result with actions; returns how many. */
async function recordGenerated(
  ctx: TenantContext,
  results: readonly CustomerRecommendation[],
): Promise<number> {
  const withActions = results.filter((r) => r.actions.length > 0);
  if (withActions.length === 0) return 0;
  const now = ctx.clock.now();
  for (let i = 0; i < withActions.length; i += EVENT_CHUNK) {
    const inserts = withActions.slice(i, i + EVENT_CHUNK).map((r) =>
      eventInsert(
        ctx,
        "nba.generated",
        {
          customerId: r.customerId,
          actionCount: r.actions.length,
          actions: r.actions.map((a) => ({ id: a.id, actionType: a.actionType, priority: a.priority })),
        },
        now,
      ),
    );
    await ctx.db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  }
  await notifyOutbox(ctx);
  return withActions.length;
}
