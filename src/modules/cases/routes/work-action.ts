import type { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import type { CaseKind } from "../domain/work";
import { caseActor } from "../service";
import { CASE_WORK, CaseParams, KIND_ROUTES } from "./kinds";

type WorkName = keyof typeof CASE_WORK;
/** What the request body gives the service (each kind's service takes it); the key id comes from the authentication. */
type WorkBody = { actorId?: string };

/**
 * One analyst action on a case of either kind (assignment, tags, the close decisions): a POST
 * under `{prefix}/{caseId}/...` with the kind's write scope, answering the case and the entries
 * it appended (409 when the case's state refuses the change).
 */
export interface WorkAction<N extends WorkName> {
  path: string;
  operationId: (op: string) => string;
  /** A table-of-contents line naming the kind's case ("Assign a fraud case"); the detail in `description`. */
  summary: (aCase: string) => string;
  description: string;
  body: z.ZodType<WorkBody>;
  service: N;
}

export const registerWorkAction =
  <N extends WorkName>(action: WorkAction<N>) =>
  (app: App, kind: CaseKind) => {
    const facts = KIND_ROUTES[kind];
    const route = tenantRoute({
      method: "post",
      path: `${facts.prefix}/{caseId}/${action.path}`,
      operationId: action.operationId(facts.op),
      tags: [facts.tag],
      summary: action.summary(facts.aCase),
      description: action.description,
      scope: facts.write,
      request: { params: CaseParams, body: jsonBody(action.body) },
      responses: {
        200: jsonContent(async () => (await facts.responses()).workResult, facts.workDescription),
        ...errorResponses(409),
      },
    });
    return app.openapi(route, async (c) => {
      // Validated against action.body by the route.
      const body = c.req.valid("json") as WorkBody;
      // The actor from the credential: a user's key acts as the user (docs/decisions/case-work.md#named-analysts).
      const input = { ...body, ...caseActor(c.get("auth"), body) };
      const result = await CASE_WORK[action.service](
        c.get("ctx"),
        kind,
        c.req.valid("param").caseId,
        input as never,
      );
      return c.json({ success: true as const, ...result, disclaimer: facts.disclaimer }, 200);
    });
  };
