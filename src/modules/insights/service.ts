import type { TenantContext } from "../../db/tenant-context";
import { badRequest, notFound } from "../../lib/errors";
import { fromMinor } from "../../lib/money";
import { round2 } from "../../lib/numbers";
import { concentrationLevel, hhiFromSums, sharePercent } from "./domain/concentration";
import { lastCompleteMonth, monthLabel } from "./domain/months";
import { portfolioNarrative } from "./domain/narrative";
import { compoundMonthlyGrowth, type MonthMovements, type SaasMetrics, saasMetrics } from "./domain/saas";
import { selectedByRate, whatIfReport } from "./domain/what-if-report";
import * as repo from "./repo";
import { getPortfolioRunway } from "./runway/service";

/** Complete months the projection growth rate of what-if churn is measured over. */
export const GROWTH_WINDOW_MONTHS = 6;

// ---- SaaS metrics ------------------------------------------------------------------------

async function movements(ctx: TenantContext, count: number): Promise<SaasMetrics[]> {
  const last = lastCompleteMonth(ctx.clock.now());
  const from = last - count + 1;
  const rows = new Map((await repo.monthlyMovements(ctx, from, last)).map((r) => [r.m, r]));
  return Array.from({ length: count }, (_, k) => {
    const m = from + k;
    const r = rows.get(m);
    const mv: MonthMovements = {
      month: m,
      mrrMinor: r?.mrr ?? 0,
      previousMrrMinor: r?.prev ?? 0,
      activeCustomers: r?.active ?? 0,
      newMinor: r?.gained_new ?? 0,
      expansionMinor: r?.expansion ?? 0,
      contractionMinor: r?.contraction ?? 0,
      churnedMinor: r?.churned ?? 0,
      newCustomers: r?.new_n ?? 0,
      churnedCustomers: r?.churned_n ?? 0,
    };
    return saasMetrics(mv);
  });
}

export const presentMetrics = (m: SaasMetrics) => ({
  month: monthLabel(m.month),
  mrr: fromMinor(m.mrrMinor),
  previousMrr: fromMinor(m.previousMrrMinor),
  growthPercent: m.growthPercent,
  newInflow: fromMinor(m.newMinor),
  expansionInflow: fromMinor(m.expansionMinor),
  contractionInflow: fromMinor(m.contractionMinor),
  churnedInflow: fromMinor(m.churnedMinor),
  quickRatio: m.quickRatio,
  grossRetentionPercent: m.grossRetentionPercent,
  netRetentionPercent: m.netRetentionPercent,
  activeCustomers: m.activeCustomers,
  newCustomers: m.newCustomers,
  churnedCustomers: m.churnedCustomers,
  averageInflowPerCustomer: fromMinor(m.averageInflowPerCustomerMinor),
  revenueHealth: m.revenueHealth,
});

export async function getSaasMetrics(ctx: TenantContext) {
  const [series, totalCustomers] = await Promise.all([movements(ctx, 6), repo.countCustomers(ctx)]);
  const current = series[series.length - 1];
  return {
    currency: ctx.tenant.settings.currency,
    metrics: { ...presentMetrics(current), totalCustomers },
    mrrTrend: series.map((m) => ({
      month: monthLabel(m.month),
      mrr: fromMinor(m.mrrMinor),
      growthPercent: m.growthPercent,
    })),
    compoundMonthlyGrowthPercent: round2(compoundMonthlyGrowth(series.map((m) => m.mrrMinor)) * 100),
  };
}

export async function getSaasHistory(ctx: TenantContext, count: number) {
  const series = await movements(ctx, count);
  return {
    currency: ctx.tenant.settings.currency,
    months: count,
    history: series.reverse().map(presentMetrics),
  };
}

// ---- concentration -----------------------------------------------------------------------

const groupShares = (rows: { key: string; customers: number; inflow: number }[], total: number) => {
  const shares = rows.map((r) => ({
    key: r.key,
    customers: r.customers,
    inflow: fromMinor(r.inflow),
    sharePercent: sharePercent(r.inflow, total),
  }));
  const index = hhiFromSums(
    rows.reduce((s, r) => s + r.inflow * r.inflow, 0),
    total,
  );
  return { hhi: index, concentrationLevel: concentrationLevel(index), groups: shares };
};

export async function getConcentration(ctx: TenantContext, windowMonths: number, listTop = true) {
  const last = lastCompleteMonth(ctx.clock.now());
  const from = last - windowMonths + 1;
  const [totals, top, verticals, countries] = await Promise.all([
    repo.customerConcentration(ctx, from, last),
    listTop ? repo.topCustomers(ctx, from, last, 10) : Promise.resolve([]),
    repo.inflowByVertical(ctx, from, last),
    repo.inflowByCountry(ctx, from, last),
  ]);
  const total = totals.total;
  const index = hhiFromSums(totals.sq, total);
  const countryTotal = countries.reduce((s, r) => s + r.inflow, 0);
  return {
    currency: ctx.tenant.settings.currency,
    period: { from: monthLabel(from), to: monthLabel(last), months: windowMonths },
    totalInflow: fromMinor(total),
    customersWithInflow: totals.n,
    customers: {
      top1SharePercent: sharePercent(totals.top1, total),
      top5SharePercent: sharePercent(totals.top5, total),
      top10SharePercent: sharePercent(totals.top10, total),
      hhi: index,
      concentrationLevel: concentrationLevel(index),
      topCustomers: top.map((r, k) => ({
        rank: k + 1,
        customerId: r.customer_id,
        name: r.name,
        vertical: r.vertical,
        inflow: fromMinor(r.inflow),
        sharePercent: sharePercent(r.inflow, total),
      })),
    },
    byVertical: groupShares(verticals, total),
    byCounterpartyCountry: groupShares(countries, countryTotal),
  };
}

// ---- narrative ---------------------------------------------------------------------------

export async function getPortfolioNarrative(ctx: TenantContext) {
  const [saas, concentration, runway] = await Promise.all([
    getSaasMetrics(ctx),
    getConcentration(ctx, 12, false),
    getPortfolioRunway(ctx),
  ]);
  const m = saas.metrics;
  const first = <T extends { key: string; sharePercent: number }>(groups: T[]) =>
    groups.length ? { key: groups[0].key, sharePercent: groups[0].sharePercent } : null;
  const narrative = portfolioNarrative({
    month: m.month,
    currency: saas.currency,
    mrr: m.mrr,
    growthPercent: m.growthPercent,
    quickRatio: m.quickRatio,
    netRetentionPercent: m.netRetentionPercent,
    revenueHealth: m.revenueHealth,
    activeCustomers: m.activeCustomers,
    top10SharePercent: concentration.customers.top10SharePercent,
    hhi: concentration.customers.hhi,
    concentrationLevel: concentration.customers.concentrationLevel,
    topVertical: first(concentration.byVertical.groups),
    topCountry: first(concentration.byCounterpartyCountry.groups),
    customersAnalysed: runway.customersAnalysed,
    under3Months: runway.under3Months,
    under6Months: runway.under6Months,
    expectedDepletedIn6Months: runway.projectedDepletions.within6Months.expected,
  });
  return {
    ...narrative,
    metrics: {
      saas: m,
      concentration: {
        top1SharePercent: concentration.customers.top1SharePercent,
        top5SharePercent: concentration.customers.top5SharePercent,
        top10SharePercent: concentration.customers.top10SharePercent,
        hhi: concentration.customers.hhi,
        concentrationLevel: concentration.customers.concentrationLevel,
      },
      runway: {
        customersAnalysed: runway.customersAnalysed,
        under3Months: runway.under3Months,
        under6Months: runway.under6Months,
        under12Months: runway.under12Months,
      },
    },
  };
}

// ---- what-if churn -----------------------------------------------------------------------

export interface WhatIfInput {
  churnedCustomerIds?: string[];
  churnRatePercent?: number;
  horizonMonths: number;
}

/**
 * Reads (the named customers exist, the monthly series, last month's inflow split into churned
 * and remaining), then whatIfReport (domain/what-if-report.ts) computes the answer.
 */
export async function whatIfChurn(ctx: TenantContext, input: WhatIfInput) {
  const named = [...new Set(input.churnedCustomerIds ?? [])];
  if (!named.length && input.churnRatePercent === undefined)
    throw badRequest("Give churnedCustomerIds, churnRatePercent or both", [
      { path: "churnRatePercent", message: "required when churnedCustomerIds is empty or absent" },
    ]);
  if (named.length) {
    const found = new Set((await repo.existingCustomerIds(ctx, named)).map((r) => r.id));
    if (named.some((id) => !found.has(id))) throw notFound("Customer");
  }
  const series = await movements(ctx, GROWTH_WINDOW_MONTHS + 1);
  const current = series[series.length - 1];
  // The rate applies to last month's active customers; named customers come on top of it.
  const pick = selectedByRate(current.activeCustomers, input.churnRatePercent);
  const split = await repo.churnSplit(ctx, current.month, named, pick);
  return whatIfReport({
    currency: ctx.tenant.settings.currency,
    month: current.month,
    monthlyGrowthRate: compoundMonthlyGrowth(series.map((m) => m.mrrMinor)),
    growthWindowMonths: GROWTH_WINDOW_MONTHS,
    horizonMonths: input.horizonMonths,
    namedCustomers: named.length,
    selectedByRate: pick,
    churnedCustomers: split.n_churned,
    baseline: {
      n: split.n_all,
      total: split.total_all,
      sq: split.sq_all,
      top1: split.top1_all,
      top10: split.top10_all,
    },
    remaining: {
      n: split.n_rem,
      total: split.total_rem,
      sq: split.sq_rem,
      top1: split.top1_rem,
      top10: split.top10_rem,
    },
  });
}
