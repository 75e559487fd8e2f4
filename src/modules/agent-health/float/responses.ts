import { z } from "@hono/zod-openapi";
import { Money, orNull } from "../../../http/openapi";

// Response shapes of modules/agent-health/float: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const Hours = z.number().int().min(0).nullable();

const Probability = z.number().min(0).max(1);

const StockoutSchema = z
  .object({
    balance: Money.openapi({
      description: "Balance at the forecast (derived from the latest anchor and the flows since)",
    }),
    floor: Money.openapi({
      description:
        "Stock-out level: the agent's mean cash-in ticket (e-float) or cash-out ticket (cash) over the history",
    }),
    hoursToStockout: z.object({ p10: Hours, p50: Hours, p90: Hours }).openapi({
      description:
        "Hours until the balance is below the floor; null: not within the horizon at that quantile",
    }),
    notWithinHorizon: z
      .boolean()
      .openapi({ description: "true when the median path does not run out within the horizon" }),
    probabilityWithin24h: Probability,
    probabilityWithin72h: Probability,
    suggestedRebalance: Money.openapi({
      description:
        "Amount to add so 90% of simulated paths stay above the floor for coverDays (p90 demand); 0.00 when covered",
    }),
  })
  .openapi("FloatStockout");

export const FloatForecastSchema = z
  .object({
    asOf: z.string().openapi({ description: "The hour the simulation starts (UTC)" }),
    method: z.literal("monte_carlo_hour_of_week"),
    horizonHours: z.number().int(),
    paths: z.number().int(),
    coverDays: z.number().openapi({ description: "The tenant's agentFloatCoverDays (default 3)" }),
    historyWeeks: z
      .number()
      .openapi({ description: "Weeks of the agent's own history behind the model (at most 8)" }),
    pooling: z.enum(["own", "own_with_tenant", "tenant", "none"]).openapi({
      description:
        "own: the agent's history; own_with_tenant / tenant: thin history mixed with the tenant's typical agent; none: no flow anywhere",
    }),
    expectedNetFlowPerDay: Money.openapi({
      description: "Mean customer net e-float flow a day (negative: drains)",
    }),
    eFloat: StockoutSchema,
    cash: orNull(StockoutSchema).openapi({
      description: "null unless the tenant reports the agent's cash balance",
    }),
  })
  .openapi("AgentFloatForecast");

const PointSchema = z.object({
  start: z.string(),
  cashIn: Money,
  cashOut: Money,
  rebalanceIn: Money,
  rebalanceOut: Money,
  transactions: z.number().int().min(0),
  closingBalance: Money.openapi({
    description: "Derived e-float at the bucket's close (re-anchored at reports)",
  }),
});

const DriftSchema = z.object({
  reportedAt: z.string(),
  floatBalance: Money,
  cashBalance: orNull(Money),
  derivedBalance: Money.openapi({
    description: "What the transactions gave at the close of the report's bucket",
  }),
  drift: Money.openapi({
    description: "reported - derived; non-zero: transactions missing or misclassified",
  }),
});

export const HistoryResponse = z.object({
  success: z.literal(true),
  history: z
    .object({
      agentId: z.string(),
      currency: z.string(),
      from: z.string(),
      to: z.string(),
      granularity: z.enum(["hour", "day"]),
      anchor: z.object({
        source: z.enum(["report", "agent_record", "none"]),
        at: z.string().nullable(),
        floatBalance: Money,
      }),
      openingBalance: Money,
      points: z.array(PointSchema),
      reported: z.array(DriftSchema),
    })
    .openapi("AgentFloatHistory"),
});

export const ReportsResponse = z.object({ success: z.literal(true), recorded: z.number().int() });

const NullableHours = z
  .number()
  .nullable()
  .openapi({ description: "null: not within the 168 h horizon (or no forecast)" });

export const SummaryForecastSchema = z
  .object({
    stockoutHoursP10: NullableHours,
    stockoutHoursP50: NullableHours,
    stockoutHoursP90: NullableHours,
    probabilityWithin24h: z.number().min(0).max(1).nullable(),
    probabilityWithin72h: z.number().min(0).max(1).nullable(),
    cashStockoutHoursP50: NullableHours,
    suggestedRebalance: orNull(Money),
  })
  .openapi("AgentFloatForecastSummary");
