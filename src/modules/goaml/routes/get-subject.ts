import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute, uuidParam } from "../../../http/openapi";
import { getSubject } from "../service";

export const getGoamlSubjectRoute = tenantRoute({
  method: "get",
  path: "/v1/goaml/subjects/{customerId}",
  operationId: "getGoamlSubject",
  tags: ["goAML"],
  summary: "Get a customer's goAML KYC facts",
  description:
    "The KYC facts stored for a customer's goAML reports (as PUT stored them); 404 when none were " +
    "entered.",
  scope: "aml:read",
  request: { params: z.object({ customerId: uuidParam("customerId") }) },
  responses: {
    200: jsonContent(async () => (await import("../responses")).SubjectResponse, "The stored facts"),
  },
});

export const registerGetGoamlSubject = (app: App) =>
  app.openapi(getGoamlSubjectRoute, async (c) => {
    const result = await getSubject(c.get("ctx"), c.req.valid("param").customerId);
    return c.json({ success: true as const, ...result }, 200);
  });
