import type { App } from "../../../http/context";
import { jsonContent, PaginationQuery, pagination, tenantRoute } from "../../../http/openapi";
import { listRuns } from "../ctr/service";

export const listCtrRunsRoute = tenantRoute({
  method: "get",
  fresh: true,
  path: "/v1/goaml/ctr-runs",
  operationId: "listGoamlCtrRuns",
  tags: ["goAML"],
  summary: "List daily CTR runs",
  description: "Filed, empty or refused with the validator's issues; newest day first.",
  scope: "aml:read",
  request: { query: PaginationQuery },
  responses: {
    200: jsonContent(async () => (await import("../responses")).CtrRunsResponse, "A page of runs"),
  },
});

export const registerListCtrRuns = (app: App) =>
  app.openapi(listCtrRunsRoute, async (c) => {
    const { limit, offset, cursor } = c.req.valid("query");
    const { data, page } = await listRuns(c.get("ctx"), { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
