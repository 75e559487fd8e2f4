import type { App } from "../../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../../http/openapi";
import { KIND_ROUTES } from "../../routes/kinds";
import { namedActor } from "../../service";
import { CaseParams, CreateLinkBody } from "../schemas";
import { type CaseKind, linkCase } from "../service";

const createRoute = (kind: CaseKind) =>
  tenantRoute({
    method: "post",
    path: `${KIND_ROUTES[kind].prefix}/{caseId}/links`,
    operationId: `link${KIND_ROUTES[kind].op}Case`,
    tags: [KIND_ROUTES[kind].tag],
    summary: `Link ${KIND_ROUTES[kind].aCase}`,
    description:
      "Link the case to a fraud case, an AML case or an alert of the tenant (404 naming an unknown target; 400 for itself). " +
      "Both case logs record `linked`; a link to a case of the other kind needs that kind's write scope too. " +
      "An existing link of the pair is answered with 200 and written again nowhere.",
    scope: KIND_ROUTES[kind].write,
    request: { params: CaseParams, body: jsonBody(CreateLinkBody) },
    responses: {
      201: jsonContent(async () => (await import("../responses")).LinkResponse, "The new link"),
      200: jsonContent(
        async () => (await import("../responses")).LinkResponse,
        "The pair was already linked: the existing link",
      ),
      ...errorResponses(403),
    },
  });

export const registerCreateLink = (app: App, kind: CaseKind) =>
  app.openapi(createRoute(kind), async (c) => {
    const { target, note, ...actor } = c.req.valid("json");
    const auth = c.get("auth");
    const { link, created } = await linkCase(
      c.get("ctx"),
      kind,
      c.req.valid("param").caseId,
      { target, note },
      { ...namedActor(auth, actor), actorKeyId: auth.keyId, scopes: auth.scopes },
    );
    return c.json({ success: true as const, link }, created ? 201 : 200);
  });
