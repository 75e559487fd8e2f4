import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { DISCLAIMER } from "../present";
import { listBenchmarks } from "../service";

export const listBenchmarksRoute = tenantRoute({
  method: "get",
  path: "/v1/agent-health/benchmarks",
  operationId: "listAgentBenchmarks",
  tags: ["Agent health"],
  summary: "List agent peer benchmarks",
  description: "By tier and by region (30-day snapshots).",
  scope: "agents:read",
  feature: "agentNetwork",
  responses: {
    200: jsonContent(async () => (await import("../responses")).BenchmarksResponse, "Benchmarks"),
  },
});

export const registerListBenchmarks = (app: App) =>
  app.openapi(listBenchmarksRoute, async (c) =>
    c.json(
      { success: true as const, benchmarks: await listBenchmarks(c.get("ctx")), disclaimer: DISCLAIMER },
      200,
    ),
  );
