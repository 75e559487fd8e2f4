import type { App } from "../../../../http/context";
import { errorResponses, jsonContent, tenantRoute } from "../../../../http/openapi";
import { KIND_ROUTES } from "../../routes/kinds";
import { LinkParams, UnlinkQuery } from "../schemas";
import { type CaseKind, unlinkCase } from "../service";

const deleteRoute = (kind: CaseKind) =>
  tenantRoute({
    method: "delete",
    path: `${KIND_ROUTES[kind].prefix}/{caseId}/links/{linkId}`,
    operationId: `unlink${KIND_ROUTES[kind].op}Case`,
    tags: [KIND_ROUTES[kind].tag],
    summary: `Unlink ${KIND_ROUTES[kind].aCase}`,
    description:
      "Remove a link of the case (from either end); both case logs record `unlinked`. 404 for a link the case does not have.",
    scope: KIND_ROUTES[kind].write,
    request: { params: LinkParams, query: UnlinkQuery },
    responses: {
      200: jsonContent(async () => (await import("../responses")).LinkResponse, "The removed link"),
      // An AML end whose log another write kept moving (its append gave up after 3 tries).
      ...errorResponses(403, 409),
    },
  });

export const registerDeleteLink = (app: App, kind: CaseKind) =>
  app.openapi(deleteRoute(kind), async (c) => {
    const { caseId, linkId } = c.req.valid("param");
    const auth = c.get("auth");
    const link = await unlinkCase(c.get("ctx"), kind, caseId, linkId, {
      ...c.req.valid("query"),
      actorKeyId: auth.keyId,
      scopes: auth.scopes,
    });
    return c.json({ success: true as const, link }, 200);
  });
