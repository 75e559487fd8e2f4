import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { PutGoamlProfileBody } from "../schemas";
import { putSettings } from "../service";

export const putGoamlProfileRoute = tenantRoute({
  method: "put",
  path: "/v1/goaml/profile",
  operationId: "putGoamlProfile",
  tags: ["goAML"],
  summary: "Replace the goAML profile",
  description: "The tenant's FIU profile and reporting entity (400 names each bad field; audited).",
  scope: "aml:write",
  request: { body: jsonBody(PutGoamlProfileBody) },
  responses: {
    200: jsonContent(async () => (await import("../responses")).GoamlProfileResponse, "The stored profile"),
  },
});

export const registerPutGoamlProfile = (app: App) =>
  app.openapi(putGoamlProfileRoute, async (c) =>
    c.json({ success: true as const, ...(await putSettings(c.get("ctx"), c.req.valid("json"))) }, 200),
  );
