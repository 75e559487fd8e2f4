import type { App } from "../../../../http/context";
import { errorResponses, jsonContent, tenantRoute } from "../../../../http/openapi";
import { KIND_ROUTES } from "../../routes/kinds";
import { namedActor } from "../../service";
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
      // An AML end's entry refused by its chain guard (every append is in the case's order).
      ...errorResponses(403, 409),
    },
  });

export const registerDeleteLink = (app: App, kind: CaseKind) =>
  app.openapi(deleteRoute(kind), async (c) => {
    const { caseId, linkId } = c.req.valid("param");
    const auth = c.get("auth");
    const { note, ...actor } = c.req.valid("query");
    const link = await unlinkCase(c.get("ctx"), kind, caseId, linkId, {
      ...(note === undefined ? {} : { note }),
      ...namedActor(auth, actor),
      actorKeyId: auth.keyId,
      scopes: auth.scopes,
    });
    return c.json({ success: true as const, link }, 200);
  });
