import { z } from "@hono/zod-openapi";
import { orNull, PaginationSchema } from "../../../http/openapi";

// Response shapes of modules/monitoring/runs: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const count = (description: string) => z.number().int().min(0).openapi({ description });

export const MonitoringRunSchema = z
  .object({
    runId: z.uuid(),
    trigger: z.enum(["schedule", "manual", "rescreen"]).openapi({
      description:
        "schedule: the tenant's schedule; manual: POST /v1/monitoring/runs; rescreen: a rule-set version published (or POST /v1/monitoring/rescreens), every screened entity screened again",
    }),
    occurrence: z.string().openapi({
      description:
        "The schedule slot it ran for (e.g. daily:2026-11-24T02, local date and hour), manual:<runId>, or rescreen:<kind>:v<version>; one run per slot",
      example: "daily:2026-11-24T02",
    }),
    status: z.enum(["running", "completed", "failed"]),
    startedAt: z.string().openapi({
      description:
        "When the run began: it screens the entities that had activity pending before this instant",
    }),
    completedAt: orNull(z.string()),
    durationMs: orNull(z.number().int()).openapi({
      description: "From start to completion; null while running",
    }),
    figures: z
      .object({
        entitiesScreened: count("Entities the run screened (activity since their last screening)"),
        entitiesSkipped: count(
          "Entities skipped as unchanged: screened before and nothing of theirs arrived since, up to the run's start (counted at completion)",
        ),
        entitiesFailed: count("Entities whose screening failed 5 times during the run (dead-lettered)"),
        alertsRaised: count("Alerts the run's screenings stored"),
        casesOpened: count("Cases its alerts opened"),
        casesAppended: count("Open cases its alerts were appended to"),
      })
      .openapi({ description: "Accumulated while the run goes; final once status is completed" }),
    steps: count("Job invocations the run took (each within D1's per-invocation limits)"),
    error: orNull(z.string()).openapi({ description: "Why a failed run stopped" }),
    lookback: orNull(z.object({ from: z.string(), to: z.string() })).openapi({
      description:
        "The range of history the run was asked to screen (event time); null for a run of pending activity",
    }),
  })
  .openapi("MonitoringRun");

export const MonitoringRunResponse = z
  .object({ success: z.literal(true), run: MonitoringRunSchema })
  .openapi("MonitoringRunResponse");

export const MonitoringRunListResponse = z
  .object({ success: z.literal(true), data: z.array(MonitoringRunSchema), pagination: PaginationSchema })
  .openapi("MonitoringRunList");

export const MonitoringRescreenResponse = z
  .object({
    success: z.literal(true),
    run: MonitoringRunSchema,
    created: z.boolean().openapi({ description: "false: the version already had its rescreen (this is it)" }),
  })
  .openapi("MonitoringRescreenResponse");
