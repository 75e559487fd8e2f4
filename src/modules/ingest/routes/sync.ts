import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { getSyncRun, startSync } from "../sync/service";

export const syncRoute = tenantRoute({
  method: "post",
  path: "/v1/sync/{connectorType}",
  operationId: "syncCoreBanking",
  tags: ["Ingestion"],
  summary: "Sync from the core-banking connector",
  description:
    "The tenant's connector: export files in R2, or Apache Fineract. " +
    "`export`: loads the files under `tenants/{tenantId}/imports/core_banking/` not loaded before " +
    "(customers, agents, accounts, then transactions). `fineract`: pulls clients, savings accounts and " +
    "their transactions, then loans with their repayment schedules and repayments, incrementally after the first sync. `recordsWritten` counts rows created or " +
    "changed. A large sync answers 202 with status `running` and continues in the background. " +
    "Any other connector type in the path answers 400.",
  scope: "data:write",
  request: {
    params: z.object({
      connectorType: z.enum(["core_banking"]).openapi({ param: { name: "connectorType", in: "path" } }),
    }),
  },
  responses: {
    200: jsonContent(
      async () => (await import("../responses")).SyncResponseSchema,
      "The sync finished (status succeeded or failed)",
    ),
    202: jsonContent(
      async () => (await import("../responses")).SyncResponseSchema,
      "The sync continues in the background (status running)",
    ),
    ...errorResponses(409),
  },
});

export const getSyncRunRoute = tenantRoute({
  method: "get",
  fresh: true,
  path: "/v1/sync/runs/{runId}",
  operationId: "getSyncRun",
  tags: ["Ingestion"],
  summary: "Get a sync run",
  description: "The run's status.",
  scope: "data:read",
  request: { params: z.object({ runId: uuidParam("runId") }) },
  responses: { 200: jsonContent(async () => (await import("../responses")).SyncResponseSchema, "The run") },
});

export function registerSync(app: App): void {
  app.openapi(syncRoute, async (c) => {
    const syncStatus = await startSync(c.get("ctx"), c.req.valid("param").connectorType);
    return syncStatus.status === "running"
      ? c.json({ success: true as const, syncStatus }, 202)
      : c.json({ success: true as const, syncStatus }, 200);
  });
  app.openapi(getSyncRunRoute, async (c) => {
    const syncStatus = await getSyncRun(c.get("ctx"), c.req.valid("param").runId);
    return c.json({ success: true as const, syncStatus }, 200);
  });
}
