import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { TagsBody } from "../../fraud/casework/schemas";
import { changeTags } from "../casework/service";
import { AmlCaseHistorySchema, AmlCaseSchema, DISCLAIMER, Disclaimer } from "../schemas";

export const changeTagsRoute = tenantRoute({
  method: "post",
  path: "/v1/kyc-aml/cases/{caseId}/tags",
  operationId: "TagAmlCase",
  tags: ["KYC/AML"],
  summary:
    "Add and remove tags: one tag_added/tag_removed entry per tag that changes (at most 20 tags per case; 409 when nothing changes)",
  scope: "aml:write",
  request: { params: z.object({ caseId: uuidParam("caseId") }), body: jsonBody(TagsBody) },
  responses: {
    200: jsonContent(
      z.object({
        success: z.literal(true),
        case: AmlCaseSchema,
        events: z.array(AmlCaseHistorySchema),
        disclaimer: Disclaimer,
      }),
      "The case and the appended history entries",
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
