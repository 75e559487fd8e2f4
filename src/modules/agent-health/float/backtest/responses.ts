import { z } from "@hono/zod-openapi";
import { IsoDateTime, orNull } from "../../../../http/openapi";

// Response shapes of modules/agent-health/float/backtest: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const Ratio = orNull(z.number().min(0).max(1)).openapi({ description: "null when nothing was counted" });

const CoverageSchema = z.object({
  forecasts: z.number().int().min(0),
  covered: z.number().int().min(0).openapi({ description: "Realised stock-out hour inside [p10, p90]" }),
  early: z.number().int().min(0).openapi({ description: "Realised earlier than p10" }),
  late: z
    .number()
    .int()
    .min(0)
    .openapi({ description: "Realised later than p90, or not at all while p90 was within the horizon" }),
  coverage: Ratio,
  earlyShare: Ratio,
  lateShare: Ratio,
});

const Calibration = z.object({
  meanForecast: Ratio,
  realised: Ratio,
  brier: Ratio.openapi({
    description: "Mean squared difference between the probability and the outcome (0 or 1)",
  }),
});

const FloatBacktestResult = z
  .object({
    to: IsoDateTime,
    weeks: z.number().int(),
    cutEveryHours: z.number().int(),
    method: z.literal("monte_carlo_hour_of_week"),
    horizonHours: z.number().int(),
    paths: z.number().int(),
    cuts: z.number().int().min(0),
    firstCut: orNull(IsoDateTime),
    lastCut: orNull(IsoDateTime),
    nominalCoverage: z.number().openapi({ description: "The p10-p90 interval's nominal coverage (0.8)" }),
    all: CoverageSchema.openapi({
      description: "Every scored forecast (agent x cut, agents with own history)",
    }),
    atRisk: CoverageSchema.openapi({
      description: "Forecasts whose p10 is within the horizon, or whose agent did run out in it",
    }),
    stockouts: z
      .number()
      .int()
      .min(0)
      .openapi({ description: "Forecasts followed by a stock-out within 168 h" }),
    probabilityWithin24h: Calibration,
    probabilityWithin72h: Calibration,
    p50Error: z.object({
      cases: z
        .number()
        .int()
        .min(0)
        .openapi({ description: "Forecasts with both p50 and a stock-out within the horizon" }),
      medianAbsoluteHours: orNull(z.number().int().min(0)),
      meanAbsoluteHours: orNull(z.number().min(0)),
      meanSignedHours: orNull(z.number()).openapi({
        description: "p50 - realised on average (positive: too late)",
      }),
    }),
    perCut: z.array(
      z.object({
        cut: IsoDateTime,
        forecasts: z.number().int().min(0),
        atRisk: z.number().int().min(0),
        atRiskCovered: z.number().int().min(0),
      }),
    ),
  })
  .openapi("AgentFloatBacktest");

export const FloatBacktestRunResponse = z
  .object({
    success: z.literal(true),
    backtestId: z.uuid(),
    status: z.enum(["queued", "running", "succeeded", "failed"]),
    createdAt: IsoDateTime,
    completedAt: orNull(IsoDateTime),
    progress: z.object({
      cuts: z.number().int().min(0),
      cutsDone: z.number().int().min(0),
      agents: z.number().int().min(0),
      slicesDone: z.number().int().min(0),
      slicesEstimated: z.number().int().min(0),
      percent: z.number().int().min(0).max(100),
    }),
    backtest: orNull(FloatBacktestResult).openapi({ description: "null until the run succeeded" }),
    error: orNull(z.string()),
  })
  .openapi("AgentFloatBacktestRun");
