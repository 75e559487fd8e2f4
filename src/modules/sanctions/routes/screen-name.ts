import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { ScreenNameBody } from "../schemas";
import { screenOnDemand } from "../service";

export const screenNameRoute = tenantRoute({
  method: "post",
  path: "/v1/sanctions/screen",
  operationId: "screenSanctionsName",
  tags: ["Sanctions"],
  summary: "Screen a name against sanctions lists",
  description:
    "Matches a name (with an optional date of birth, nationality and kind) against the lists the tenant " +
    "subscribes to, at the tenant's threshold unless one is given. Each hit carries its score, the name score, " +
    "the fields that matched and the list entry; best first, at most 50. Stores nothing and opens no case " +
    "(docs/methodology/sanctions.md).",
  scope: "aml:write",
  readOnly: true,
  request: { body: jsonBody(ScreenNameBody) },
  responses: {
    200: jsonContent(async () => {
      const { ScreenResultSchema } = await import("../responses");
      return z.object({ success: z.literal(true), result: ScreenResultSchema });
    }, "The hits"),
  },
});

export const registerScreenName = (app: App) =>
  app.openapi(screenNameRoute, async (c) => {
    const result = await screenOnDemand(c.get("ctx"), c.req.valid("json"));
    return c.json({ success: true as const, result }, 200);
  });
