import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { SanctionsSettingsBody } from "../schemas";
import { updateSettings } from "../service";

export const updateSettingsRoute = tenantRoute({
  method: "put",
  path: "/v1/sanctions/settings",
  operationId: "updateSanctionsSettings",
  tags: ["Sanctions"],
  summary: "Set sanctions screening settings",
  description:
    "Subscribes the tenant to sanctions lists (ids the operator loaded; an unknown id is 400 naming it) and " +
    "sets its threshold. Customers and counterparties are screened against these lists from now on. Audited.",
  scope: "aml:write",
  request: { body: jsonBody(SanctionsSettingsBody) },
  responses: {
    200: jsonContent(async () => {
      const { SanctionsSettingsSchema } = await import("../responses");
      return z.object({ success: z.literal(true), settings: SanctionsSettingsSchema });
    }, "The settings now"),
  },
});

export const registerUpdateSettings = (app: App) =>
  app.openapi(updateSettingsRoute, async (c) => {
    const settings = await updateSettings(c.get("ctx"), c.req.valid("json"));
    return c.json({ success: true as const, settings }, 200);
  });
