import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonBody, jsonContent } from "../../../http/openapi";
import { ConnectorBody } from "../connectors/schemas";
import { configureConnector } from "../connectors/service";
import { TenantIdParams } from "../schemas";

export const configureConnectorRoute = adminRoute({
  method: "put",
  path: "/admin/tenants/{tenantId}/connectors/core_banking",
  operationId: "adminConfigureCoreBankingConnector",
  scope: "tenants:write",
  summary: "Configure the core-banking connector",
  description: "The tenant's connector: export files or Apache Fineract.",
  request: { params: TenantIdParams, body: jsonBody(ConnectorBody) },
  responses: {
    200: jsonContent(async () => {
      const { ConnectorSchema } = await import("../connectors/responses");
      return z.object({ success: z.literal(true), connector: ConnectorSchema });
    }, "Stored; secrets never returned"),
  },
});

export const registerConfigureConnector = (app: App) =>
  app.openapi(configureConnectorRoute, async (c) => {
    const connector = await configureConnector(
      c.get("op"),
      c.req.valid("param").tenantId,
      "core_banking",
      c.req.valid("json"),
    );
    return c.json({ success: true as const, connector }, 200);
  });
