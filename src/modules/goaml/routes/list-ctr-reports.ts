import type { App } from "../../../http/context";
import { jsonContent, PaginationQuery, pagination, tenantRoute } from "../../../http/openapi";
import { listReports } from "../service";

export const listCtrReportsRoute = tenantRoute({
  method: "get",
  path: "/v1/goaml/ctr-reports",
  operationId: "listGoamlCtrReports",
  tags: ["goAML"],
  summary: "List daily cash transaction reports",
  description: "Newest day first.",
  scope: "aml:read",
  request: { query: PaginationQuery },
  responses: {
    200: jsonContent(async () => (await import("../responses")).PagedReportsResponse, "A page of CTRs"),
  },
});

export const registerListCtrReports = (app: App) =>
  app.openapi(listCtrReportsRoute, async (c) => {
    const { limit, offset, cursor } = c.req.valid("query");
    const { data, page } = await listReports(c.get("ctx"), "ctr", { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
