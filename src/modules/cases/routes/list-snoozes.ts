import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { listCaseSnoozes } from "../../lists/snoozes/service";
import type { CaseKind } from "../domain/work";
import { CaseParams, KIND_ROUTES, SNOOZE_TARGETS } from "./kinds";

const listSnoozesRoute = (kind: CaseKind) =>
  tenantRoute({
    method: "get",
    path: `${KIND_ROUTES[kind].prefix}/{caseId}/snoozes`,
    operationId: `list${KIND_ROUTES[kind].op}CaseSnoozes`,
    tags: [KIND_ROUTES[kind].tag],
    summary: `List ${KIND_ROUTES[kind].aCase}'s snoozes`,
    description: "The snoozes taken from this case, active and expired, newest first.",
    scope: KIND_ROUTES[kind].read,
    request: { params: CaseParams },
    responses: {
      200: jsonContent(
        async () => (await import("../../lists/snoozes/responses")).SnoozeListResponse,
        "Snoozes of the case",
      ),
    },
  });

export const registerListSnoozes = (app: App, kind: CaseKind) =>
  app.openapi(listSnoozesRoute(kind), async (c) => {
    const { caseId } = c.req.valid("param");
    const snoozes = await listCaseSnoozes(c.get("ctx"), SNOOZE_TARGETS[kind], caseId);
    return c.json({ success: true as const, caseId, snoozes }, 200);
  });
