import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { getJob } from "../service";

export const getJobRoute = tenantRoute({
  method: "get",
  fresh: true,
  path: "/v1/bhi/calculate-from-db/jobs/{jobId}",
  operationId: "getBhiJob",
  tags: ["BHI"],
  summary: "Get a background BHI run",
  description: "Progress of a background BHI run (started by calculate-from-db with > 10,000 customers).",
  scope: "bhi:read",
  request: { params: z.object({ jobId: uuidParam("jobId") }) },
  responses: {
    200: jsonContent(async () => {
      const { BhiJobSchema } = await import("../responses");
      return z.object({ success: z.literal(true), job: BhiJobSchema });
    }, "The job"),
  },
});

export const registerGetJob = (app: App) =>
  app.openapi(getJobRoute, async (c) =>
    c.json({ success: true as const, job: await getJob(c.get("ctx"), c.req.valid("param").jobId) }, 200),
  );
