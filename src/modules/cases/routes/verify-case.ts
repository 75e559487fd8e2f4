import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import type { CaseKind } from "../domain/work";
import { CASE_VERIFY, CaseParams, KIND_ROUTES } from "./kinds";

const verifyCaseRoute = (kind: CaseKind) => {
  const facts = KIND_ROUTES[kind];
  return tenantRoute({
    method: "get",
    path: `${facts.prefix}/{caseId}/verify`,
    operationId: `verify${facts.op}Case`,
    tags: [facts.tag],
    summary: `Verify ${facts.aCase}'s hash chain`,
    description: facts.verifyDescription,
    scope: facts.read,
    request: { params: CaseParams },
    responses: { 200: jsonContent(async () => (await facts.responses()).verification, "Verification") },
  });
};

export const registerVerifyCase = (app: App, kind: CaseKind) =>
  app.openapi(verifyCaseRoute(kind), async (c) => {
    const result = await CASE_VERIFY[kind](c.get("ctx"), c.req.valid("param").caseId);
    return c.json({ success: true as const, ...result, disclaimer: KIND_ROUTES[kind].disclaimer }, 200);
  });
