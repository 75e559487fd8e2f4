import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { PutFlowMappingBody } from "../flows/schemas";
import { getFlowMapping, putFlowMapping, requestBackfill } from "../flows/service";

export const getFlowMappingRoute = tenantRoute({
  method: "get",
  path: "/v1/settings/flow-mapping",
  operationId: "getFlowMapping",
  tags: ["Data"],
  summary: "Get the flow mapping",
  description: "The tenant's category-to-flow mapping and its latest backfill's progress.",
  scope: "data:read",
  responses: {
    200: jsonContent(
      async () => (await import("../flows/responses")).FlowMappingResponse,
      "Mapping and backfill",
    ),
  },
});

export const putFlowMappingRoute = tenantRoute({
  method: "put",
  path: "/v1/settings/flow-mapping",
  operationId: "putFlowMapping",
  tags: ["Data"],
  summary: "Replace the flow mapping",
  description:
    "Replaces the category-to-flow mapping (audited, event flow_mapping.updated); a backfill " +
    "re-classifies stored transactions.",
  scope: "data:write",
  request: { body: jsonBody(PutFlowMappingBody) },
  responses: {
    200: jsonContent(
      async () => (await import("../flows/responses")).FlowMappingResponse,
      "The stored mapping, its backfill running",
    ),
  },
});

export const startFlowBackfillRoute = tenantRoute({
  method: "post",
  path: "/v1/settings/flow-mapping/backfill",
  operationId: "startFlowBackfill",
  tags: ["Data"],
  summary: "Re-classify stored transactions",
  description:
    "Re-classifies every stored transaction (e.g. after loading loans); replaces a running backfill. " +
    "Poll GET /v1/settings/flow-mapping.",
  scope: "data:write",
  responses: {
    202: jsonContent(
      async () => (await import("../flows/responses")).FlowBackfillResponse,
      "Accepted: the backfill runs on the jobs queue",
    ),
  },
});

export const registerFlowMappingRoutes = (app: App) => {
  app.openapi(getFlowMappingRoute, async (c) =>
    c.json({ success: true as const, data: await getFlowMapping(c.get("ctx")) }, 200),
  );
  app.openapi(putFlowMappingRoute, async (c) =>
    c.json(
      { success: true as const, data: await putFlowMapping(c.get("ctx"), c.req.valid("json").entries) },
      200,
    ),
  );
  app.openapi(startFlowBackfillRoute, async (c) =>
    c.json({ success: true as const, data: await requestBackfill(c.get("ctx")) }, 202),
  );
};
