import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { loadSettings } from "../service";

export const getGoamlProfileRoute = tenantRoute({
  method: "get",
  path: "/v1/goaml/profile",
  operationId: "getGoamlProfile",
  tags: ["goAML"],
  summary: "Get the goAML profile",
  description: "The tenant's FIU profile and reporting entity (the Ghana default until one is stored).",
  scope: "aml:read",
  responses: {
    200: jsonContent(async () => (await import("../responses")).GoamlProfileResponse, "The profile"),
  },
});

export const registerGetGoamlProfile = (app: App) =>
  app.openapi(getGoamlProfileRoute, async (c) =>
    c.json({ success: true as const, ...(await loadSettings(c.get("ctx"))) }, 200),
  );
