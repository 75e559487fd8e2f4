import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import type { CaseKind } from "../domain/work";
import { caseActor, declaredActor } from "../service";
import { CaseParams, KIND_ROUTES, NOTES } from "./kinds";

/**
 * The kinds' notes differ in their contract (each kind's `note` in its definition): a fraud note
 * has a type and an actor type and answers 201 with the `note_added` event (as `/events` does); an
 * AML note answers 200 with the case and its entries (as the other AML actions do). Both keep their
 * published shapes.
 */
const addNoteRoute = (kind: CaseKind) => {
  const note = NOTES[kind];
  return tenantRoute({
    method: "post",
    path: `${KIND_ROUTES[kind].prefix}/{caseId}/notes`,
    operationId: note.operationId,
    tags: [KIND_ROUTES[kind].tag],
    summary: note.summary,
    description: note.detail,
    scope: KIND_ROUTES[kind].write,
    request: { params: CaseParams, body: jsonBody(note.body) },
    responses: {
      [note.status]: jsonContent(note.response, note.description),
      ...(note.errors as object),
    },
  });
};

export const registerAddNote = (app: App, kind: CaseKind) =>
  app.openapi(addNoteRoute(kind), async (c) => {
    const note = NOTES[kind];
    // The body was validated against this kind's schema (note.body), which its `add` takes.
    const body = c.req.valid("json") as { actorId?: string; actorType?: string };
    // A kind whose note body declares actorType (fraud) keeps what an integration declared.
    const actor = body.actorType
      ? declaredActor(c.get("auth"), { ...body, actorType: body.actorType })
      : caseActor(c.get("auth"), body);
    const input = { ...body, ...actor };
    const result = await note.add(c.get("ctx"), c.req.valid("param").caseId, input as never);
    // The status and shape are the kind's, declared in its definition.
    return c.json(
      { success: true as const, ...result, disclaimer: KIND_ROUTES[kind].disclaimer },
      note.status as never,
    );
  });
