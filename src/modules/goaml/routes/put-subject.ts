import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { PutSubjectBody } from "../schemas";
import { putSubject } from "../service";

export const putGoamlSubjectRoute = tenantRoute({
  method: "put",
  path: "/v1/goaml/subjects/{customerId}",
  operationId: "putGoamlSubject",
  tags: ["goAML"],
  summary: "Store a customer's goAML KYC facts",
  description: "The KYC facts for goAML reports (STR and CTR); 404 for an unknown customer.",
  scope: "aml:write",
  request: { params: z.object({ customerId: uuidParam("customerId") }), body: jsonBody(PutSubjectBody) },
  responses: {
    200: jsonContent(async () => (await import("../responses")).SubjectResponse, "The stored facts"),
  },
});

export const registerPutGoamlSubject = (app: App) =>
  app.openapi(putGoamlSubjectRoute, async (c) => {
    const result = await putSubject(
      c.get("ctx"),
      c.req.valid("param").customerId,
      c.req.valid("json").subject,
    );
    return c.json({ success: true as const, ...result }, 200);
  });
