import { z } from "@hono/zod-openapi";
import { Money } from "../../http/openapi";
import { CONCENTRATION_LEVELS } from "./domain/concentration";
import { RUNWAY_STATUSES } from "./domain/runway";
import { HEALTH_LABELS } from "./domain/saas";

// Response shapes of modules/insights: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const Month = z.string().openapi({ example: "2026-03", description: "Calendar month (UTC), YYYY-MM" });

const Percent = z
  .number()
  .nullable()
  .openapi({ example: 12.5, description: "Percent, 2 decimals; null when undefined" });

const Currency = z.string().openapi({ example: "GHS" });

const MonthsCount = z
  .number()
  .nullable()
  .openapi({ example: 7.4, description: "Months, 1 decimal; null = beyond the horizon" });

export const SaasMonthSchema = z
  .object({
    month: Month,
    mrr: Money.openapi({ description: "Customers' inflow (credits) in the month" }),
    previousMrr: Money,
    growthPercent: Percent,
    newInflow: Money.openapi({ description: "Inflow of customers with none the month before" }),
    expansionInflow: Money,
    contractionInflow: Money,
    churnedInflow: Money.openapi({ description: "Last month's inflow of customers with none this month" }),
    quickRatio: z.number().nullable().openapi({
      example: 2.4,
      description: "(new + expansion) / (contraction + churned); null when nothing was lost",
    }),
    grossRetentionPercent: Percent,
    netRetentionPercent: Percent,
    activeCustomers: z.number().int(),
    newCustomers: z.number().int(),
    churnedCustomers: z.number().int(),
    averageInflowPerCustomer: Money,
    revenueHealth: z.enum(HEALTH_LABELS),
  })
  .openapi("SaasMonthMetrics");

const SaasCurrentSchema = SaasMonthSchema.extend({ totalCustomers: z.number().int() }).openapi(
  "SaasCurrentMetrics",
);

export const SaasMetricsResponse = z
  .object({
    success: z.literal(true),
    currency: Currency,
    metrics: SaasCurrentSchema,
    mrrTrend: z.array(
      z.object({ month: Month, mrr: Money, growthPercent: Percent }).openapi("MrrTrendPoint"),
    ),
    compoundMonthlyGrowthPercent: z.number(),
  })
  .openapi("SaasMetricsResponse");

export const SaasHistoryResponse = z
  .object({
    success: z.literal(true),
    currency: Currency,
    months: z.number().int(),
    history: z.array(SaasMonthSchema).openapi({ description: "Newest month first" }),
  })
  .openapi("SaasMetricsHistoryResponse");

const DepletionProbability = z
  .object({ within3Months: z.number(), within6Months: z.number(), within12Months: z.number() })
  .openapi("RunwayDepletionProbability");

export const CustomerRunwayResponse = z
  .object({
    success: z.literal(true),
    runway: z
      .object({
        customerId: z.uuid(),
        currency: Currency,
        balance: Money,
        averageMonthlyNetFlow: Money,
        monthlyNetFlowStdDev: Money,
        averageMonthlyBurn: Money,
        status: z.enum(RUNWAY_STATUSES),
        expectedMonths: MonthsCount,
        p10Months: MonthsCount,
        p50Months: MonthsCount,
        p90Months: MonthsCount,
        confidenceInterval: z
          .object({ level: z.number(), lowerMonths: MonthsCount, upperMonths: MonthsCount })
          .openapi("RunwayConfidenceInterval"),
        depletionProbability: DepletionProbability,
        horizonMonths: z.number().int(),
        windowMonths: z.number().int(),
        monthlyNetFlows: z.array(
          z.object({ month: Month, inflow: Money, outflow: Money, netFlow: Money }).openapi("MonthlyNetFlow"),
        ),
        method: z.string(),
      })
      .openapi("CustomerRunway"),
  })
  .openapi("CustomerRunwayResponse");

const DepletionProjection = z
  .object({ expected: z.number(), lower: z.number(), upper: z.number() })
  .openapi("DepletionProjection", { description: "Expected number of customers, with its interval" });

export const PortfolioRunwayResponse = z
  .object({
    success: z.literal(true),
    portfolio: z
      .object({
        currency: Currency,
        customersAnalysed: z.number().int(),
        byStatus: z.object({
          depleted: z.number().int(),
          critical: z.number().int(),
          warning: z.number().int(),
          watch: z.number().int(),
          stable: z.number().int(),
          notBurning: z.number().int(),
        }),
        under3Months: z.number().int(),
        under6Months: z.number().int(),
        under12Months: z.number().int(),
        balanceAtRisk: Money,
        expectedRunwayMonths: z.object({ p10: MonthsCount, p50: MonthsCount, p90: MonthsCount }),
        projectedDepletions: z.object({
          confidenceLevel: z.number(),
          within3Months: DepletionProjection,
          within6Months: DepletionProjection,
          within12Months: DepletionProjection,
        }),
        windowMonths: z.number().int(),
      })
      .openapi("PortfolioRunway"),
  })
  .openapi("PortfolioRunwayResponse");

const GroupShares = z
  .object({
    hhi: z.number().int(),
    concentrationLevel: z.enum(CONCENTRATION_LEVELS),
    groups: z.array(
      z
        .object({ key: z.string(), customers: z.number().int(), inflow: Money, sharePercent: z.number() })
        .openapi("ConcentrationGroup"),
    ),
  })
  .openapi("GroupConcentration");

export const ConcentrationSchema = z
  .object({
    currency: Currency,
    period: z.object({ from: Month, to: Month, months: z.number().int() }),
    totalInflow: Money,
    customersWithInflow: z.number().int(),
    customers: z.object({
      top1SharePercent: z.number(),
      top5SharePercent: z.number(),
      top10SharePercent: z.number(),
      hhi: z.number().int().openapi({ description: "Herfindahl-Hirschman index, 0..10,000" }),
      concentrationLevel: z.enum(CONCENTRATION_LEVELS),
      topCustomers: z.array(
        z
          .object({
            rank: z.number().int(),
            customerId: z.uuid(),
            name: z.string(),
            vertical: z.string().nullable(),
            inflow: Money,
            sharePercent: z.number(),
          })
          .openapi("TopCustomerShare"),
      ),
    }),
    byVertical: GroupShares,
    byCounterpartyCountry: GroupShares,
  })
  .openapi("Concentration");

export const ConcentrationResponse = z
  .object({ success: z.literal(true), concentration: ConcentrationSchema })
  .openapi("ConcentrationResponse");

export const NarrativeResponse = z
  .object({
    success: z.literal(true),
    narrative: z
      .object({
        headline: z.string(),
        sections: z.array(z.object({ title: z.string(), content: z.string() })),
        keyInsights: z.array(z.string()),
        evidence: z.array(
          z
            .object({
              metric: z.string(),
              value: z
                .string()
                .nullable()
                .openapi({ description: "The number as text; null when undefined" }),
            })
            .openapi("NarrativeEvidence"),
        ),
        metrics: z.object({
          saas: SaasCurrentSchema,
          concentration: z.object({
            top1SharePercent: z.number(),
            top5SharePercent: z.number(),
            top10SharePercent: z.number(),
            hhi: z.number().int(),
            concentrationLevel: z.enum(CONCENTRATION_LEVELS),
          }),
          runway: z.object({
            customersAnalysed: z.number().int(),
            under3Months: z.number().int(),
            under6Months: z.number().int(),
            under12Months: z.number().int(),
          }),
        }),
      })
      .openapi("PortfolioNarrative"),
  })
  .openapi("PortfolioNarrativeResponse");

const PortfolioSnapshot = z
  .object({
    mrr: Money,
    activeCustomers: z.number().int(),
    averageInflowPerCustomer: Money,
    top1SharePercent: z.number(),
    top10SharePercent: z.number(),
    hhi: z.number().int(),
    concentrationLevel: z.enum(CONCENTRATION_LEVELS),
    projectedMrrAtHorizon: Money,
    projectedCumulativeInflow: Money,
  })
  .openapi("WhatIfPortfolioMetrics");

export const WhatIfChurnResponse = z
  .object({
    success: z.literal(true),
    currency: Currency,
    month: Month,
    horizonMonths: z.number().int(),
    assumptions: z.object({
      monthlyGrowthRatePercent: z.number(),
      growthWindowMonths: z.number().int(),
      selection: z.string(),
      namedCustomers: z.number().int(),
      selectedByRate: z.number().int(),
    }),
    churnedCustomers: z
      .number()
      .int()
      .openapi({ description: "Churned customers that had inflow last month" }),
    baseline: PortfolioSnapshot,
    scenario: PortfolioSnapshot,
    delta: z
      .object({
        mrr: Money,
        mrrPercent: z.number(),
        activeCustomers: z.number().int(),
        top10SharePercent: z.number(),
        hhi: z.number().int(),
        projectedMrrAtHorizon: Money,
        projectedCumulativeInflow: Money,
      })
      .openapi("WhatIfChurnDelta"),
    projection: z.array(
      z.object({ month: Month, baselineMrr: Money, scenarioMrr: Money }).openapi("WhatIfProjectionMonth"),
    ),
  })
  .openapi("WhatIfChurnResponse");
