import type { App } from "../../../../http/context";
import { jsonContent, tenantRoute } from "../../../../http/openapi";
import { KIND_ROUTES } from "../../routes/kinds";
import { CaseParams } from "../schemas";
import { type CaseKind, listLinks } from "../service";

const listRoute = (kind: CaseKind) =>
  tenantRoute({
    method: "get",
    path: `${KIND_ROUTES[kind].prefix}/{caseId}/links`,
    operationId: `list${KIND_ROUTES[kind].op}CaseLinks`,
    tags: [KIND_ROUTES[kind].tag],
    summary: `List ${KIND_ROUTES[kind].aCase}'s links`,
    description:
      "The case's links in both directions (whichever end created them), oldest first; each shows the other end. " +
      "Cases of a kind the key cannot read are left out.",
    scope: KIND_ROUTES[kind].read,
    request: { params: CaseParams },
    responses: { 200: jsonContent(async () => (await import("../responses")).LinkListResponse, "The links") },
  });

export const registerListLinks = (app: App, kind: CaseKind) =>
  app.openapi(listRoute(kind), async (c) => {
    const data = await listLinks(c.get("ctx"), kind, c.req.valid("param").caseId, c.get("auth").scopes);
    return c.json({ success: true as const, data }, 200);
  });
