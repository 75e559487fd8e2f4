import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { TagsBody } from "../casework/schemas";
import { changeTags } from "../casework/service";
import { DISCLAIMER, Disclaimer, FraudCaseEventSchema, FraudCaseSchema } from "../schemas";
import { CaseParams } from "./get-case";

export const changeTagsRoute = tenantRoute({
  method: "post",
  path: "/v1/fraud/cases/{caseId}/tags",
  operationId: "TagFraudCase",
  tags: ["Fraud"],
  summary:
    "Add and remove tags: one tag_added/tag_removed entry per tag that changes (at most 20 tags per case; 409 when nothing changes)",
  scope: "fraud:write",
  request: { params: CaseParams, body: jsonBody(TagsBody) },
  responses: {
    200: jsonContent(
      z.object({
        success: z.literal(true),
        case: FraudCaseSchema,
        events: z.array(FraudCaseEventSchema),
        disclaimer: Disclaimer,
      }),
      "The case and the appended events",
    ),
    ...errorResponses(409),
  },
});

export const registerChangeTags = (app: App) =>
  app.openapi(changeTagsRoute, async (c) => {
    const result = await changeTags(c.get("ctx"), c.req.valid("param").caseId, {
      ...c.req.valid("json"),
      actorKeyId: c.get("auth").keyId,
    });
    return c.json({ success: true as const, ...result, disclaimer: DISCLAIMER }, 200);
  });
