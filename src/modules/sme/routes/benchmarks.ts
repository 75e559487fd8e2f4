import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { SmeWindowQuery } from "../schemas";
import { DISCLAIMER, listBenchmarks } from "../service";

export const benchmarksRoute = tenantRoute({
  method: "get",
  path: "/v1/sme-health/benchmarks",
  operationId: "listSmeCohortBenchmarks",
  tags: ["SME health"],
  summary: "List SME cohort benchmarks",
  description:
    "Per cohort, sample size and p25/p50/p75/mean of each metric. " +
    "From the tenant's latest benchmark snapshot for the window (refreshed daily at 02:00 UTC; computed now " +
    "when none exists; refreshed in the background when older than 24 hours). The `all` cohort holds every " +
    "customer with a transaction in the window.",
  scope: "sme:read",
  request: { query: SmeWindowQuery },
  responses: {
    200: jsonContent(async () => (await import("../responses")).BenchmarksResponse, "Cohort benchmarks"),
  },
});

export const registerBenchmarks = (app: App) =>
  app.openapi(benchmarksRoute, async (c) => {
    const { windowDays } = c.req.valid("query");
    const { snapshot, cohorts } = await listBenchmarks(c.get("ctx"), windowDays);
    return c.json(
      {
        success: true as const,
        cohorts,
        totalCount: cohorts.length,
        windowDays,
        snapshotId: snapshot.id,
        computedAt: snapshot.computedAt,
        disclaimer: DISCLAIMER,
      },
      200,
    );
  });
