import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { GenerateStrBody } from "../schemas";
import { generateStr } from "../str/service";

export const generateStrRoute = tenantRoute({
  method: "post",
  path: "/v1/kyc-aml/cases/{caseId}/reports",
  operationId: "generateGoamlStr",
  tags: ["goAML"],
  summary: "Generate a goAML STR from an AML case",
  description:
    "Stored as a draft; 400 with the validator's messages when it does not validate. " +
    "The case's customer (or account) and its transactions in the case window (newest first, at most 100), the " +
    "analyst's narrative with the case's explanation and evidence as `reason`, indicators from the case's rule " +
    "through the FIU profile. Missing KYC facts are never invented: the 400 names each element goAML requires.",
  scope: "aml:write",
  request: { params: z.object({ caseId: uuidParam("caseId") }), body: jsonBody(GenerateStrBody) },
  responses: {
    201: jsonContent(async () => (await import("../responses")).ReportResponse, "The stored draft report"),
    ...errorResponses(409),
  },
});

export const registerGenerateStr = (app: App) =>
  app.openapi(generateStrRoute, async (c) => {
    const report = await generateStr(c.get("ctx"), c.req.valid("param").caseId, c.req.valid("json"));
    return c.json({ success: true as const, report }, 201);
  });
