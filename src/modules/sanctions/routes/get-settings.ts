import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { getSettings } from "../service";

export const getSettingsRoute = tenantRoute({
  method: "get",
  path: "/v1/sanctions/settings",
  operationId: "getSanctionsSettings",
  tags: ["Sanctions"],
  summary: "Get sanctions screening settings",
  description: "The sanctions lists the tenant subscribes to and its threshold (default 0.85).",
  scope: "aml:read",
  responses: {
    200: jsonContent(async () => {
      const { SanctionsSettingsSchema } = await import("../responses");
      return z.object({ success: z.literal(true), settings: SanctionsSettingsSchema });
    }, "The settings"),
  },
});

export const registerGetSettings = (app: App) =>
  app.openapi(getSettingsRoute, async (c) => {
    const settings = await getSettings(c.get("ctx"));
    return c.json({ success: true as const, settings }, 200);
  });
