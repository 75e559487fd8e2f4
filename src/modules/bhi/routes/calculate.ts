import type { TypedResponse } from "hono";
import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { ITEMS_PER_PART, jsonInParts } from "../../../lib/json-parts";
import { CalculateBody } from "../schemas";
import { calculateFromDb, presentJob } from "../service";

export const calculateRoute = tenantRoute({
  method: "post",
  path: "/v1/bhi/calculate-from-db",
  operationId: "calculateBhiFromDb",
  tags: ["BHI"],
  summary: "Calculate and store BHI",
  description:
    "For one, several or all customers. " +
    "Each calculated customer gets a new record (isLatest) and a `bhi.calculated` event; a drop below the " +
    "tenant's riskAlertThreshold also records `customer.risk_alert`. Customers that cannot be scored are " +
    "reported in `results` with `persisted: false` and an `error`. With no customer named and more than " +
    "10,000 customers, the run continues in the background: 202 with a job to poll at /v1/bhi/calculate-from-db/jobs/{jobId}. " +
    "The 202 may name an existing job: an identical run (same weights) while one is pending or running is joined " +
    "(`joined: true`, that job's id) instead of started twice.",
  scope: "bhi:write",
  request: { body: jsonBody(CalculateBody) },
  responses: {
    200: jsonContent(async () => (await import("../responses")).CalculateResponse, "Calculated"),
    202: jsonContent(
      async () => (await import("../responses")).CalculateAccepted,
      "Accepted: running on the jobs queue (possibly the identical job already running: joined)",
    ),
  },
});

export const registerCalculate = (app: App) =>
  app.openapi(calculateRoute, async (c) => {
    const ctx = c.get("ctx");
    const result = await calculateFromDb(ctx, c.req.valid("json"));
    if (result.kind === "queued") {
      const { job, joined } = result;
      return c.json(
        {
          success: true as const,
          jobId: job.id,
          job: presentJob(job),
          joined,
          message: `${job.total} customers: ${joined ? "joined the run in progress" : "calculating in the background"}; poll /v1/bhi/calculate-from-db/jobs/${job.id}`,
        },
        202,
      );
    }
    const { outcome, total } = result;
    const answer = {
      success: true as const,
      results: outcome.results,
      summary: {
        total,
        successful: outcome.successful,
        failed: outcome.failed,
        byBand: outcome.byBand,
        alertCount: outcome.alertCount,
      },
    };
    // A large answer (up to 10,000 results) is serialised in parts with a yield between them,
    // not in one stringify that holds the isolate (docs/decisions/faults.md#slices-that-yield).
    if (answer.results.length <= ITEMS_PER_PART) return c.json(answer, 200);
    const bytes = await jsonInParts(answer, "results");
    const sent = c.body(bytes, 200, { "content-type": "application/json" });
    // The same JSON text c.json would send (src/lib/json-parts.test.ts), so typed as that answer.
    return sent as unknown as TypedResponse<typeof answer, 200, "json">;
  });
