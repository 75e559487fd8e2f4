import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { usage } from "../service";

export const getUsageRoute = tenantRoute({
  method: "get",
  path: "/v1/usage",
  operationId: "getUsage",
  tags: ["Usage"],
  summary: "Get the tenant's usage",
  description:
    "Its storage against its quota, and its running jobs against its concurrency. " +
    "Rows and estimated bytes per table (the data tables, loans, case logs, outbox events, webhook deliveries), R2 files per kind with their bytes, the storage quota " +
    "(an ingest or case file upload that would pass it is refused with 403 `storage_quota_exceeded`, writing nothing) and the jobs " +
    "running now out of the tenant's concurrency. docs/decisions/fairness.md.",
  scope: "data:read",
  responses: {
    200: jsonContent(async () => (await import("../responses")).UsageResponse, "Usage and quotas"),
  },
});

export const registerGetUsage = (app: App) =>
  app.openapi(getUsageRoute, async (c) =>
    c.json({ success: true as const, ...(await usage(c.get("ctx"))) }, 200),
  );
