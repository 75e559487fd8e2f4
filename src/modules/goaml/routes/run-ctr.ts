import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { runCtrForDay } from "../ctr/service";
import { CtrRunBody } from "../schemas";

export const runCtrRoute = tenantRoute({
  method: "post",
  path: "/v1/goaml/ctr-runs",
  operationId: "runGoamlCtr",
  tags: ["goAML"],
  summary: "Run the CTR for a past day",
  description:
    "For a past local day (the cron does yesterday); a filed or empty day is returned as recorded.",
  scope: "aml:write",
  request: { body: jsonBody(CtrRunBody) },
  responses: { 200: jsonContent(async () => (await import("../responses")).CtrRunResponse, "The day's run") },
});

export const registerRunCtr = (app: App) =>
  app.openapi(runCtrRoute, async (c) => {
    const ctx = c.get("ctx");
    const run = await runCtrForDay(ctx, c.req.valid("json").day);
    return c.json({ success: true as const, run }, 200);
  });
