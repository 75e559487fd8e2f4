import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import * as amlWork from "../../aml/casework/service";
import { AddNoteBody } from "../../fraud/cases/schemas";
import { addNote as addFraudNote } from "../../fraud/service";
import type { CaseKind } from "../domain/work";
import { CaseNoteBody } from "../schemas";
import { asEvents, CaseParams, KIND_ROUTES } from "./kinds";

/**
 * The two kinds' notes differ in their contract: a fraud note has a type and an actor type and
 * answers 201 with the `note_added` event (as `/events` does); an AML note answers 200 with the
 * case and its entries (as the other AML actions do). Both keep their published shapes.
 */
const NOTES = {
  fraud: {
    operationId: "addFraudCaseNote",
    summary: "Add a note to a fraud case",
    detail: "Appends a note_added event.",
    body: AddNoteBody,
    status: 201,
    response: async () => {
      const { entry, disclaimer } = await KIND_ROUTES.fraud.responses();
      return z.object({ success: z.literal(true), event: entry, disclaimer });
    },
    description: "The note_added event",
    errors: {},
    add: async (...args: Parameters<typeof addFraudNote>) => ({ event: await addFraudNote(...args) }),
  },
  aml: {
    operationId: "AddAmlCaseNote",
    summary: "Add a note to an AML case",
    detail: "Adds a note to the case's history without moving its status (a closed case still takes notes).",
    body: CaseNoteBody,
    status: 200,
    response: async () => (await KIND_ROUTES.aml.responses()).workResult,
    description: KIND_ROUTES.aml.workDescription,
    errors: errorResponses(409),
    add: asEvents(amlWork.addNote),
  },
} as const;

type NoteResponse = Awaited<ReturnType<(typeof NOTES)[CaseKind]["response"]>>;

const addNoteRoute = (kind: CaseKind) =>
  tenantRoute({
    method: "post",
    path: `${KIND_ROUTES[kind].prefix}/{caseId}/notes`,
    operationId: NOTES[kind].operationId,
    tags: [KIND_ROUTES[kind].tag],
    summary: NOTES[kind].summary,
    description: NOTES[kind].detail,
    scope: KIND_ROUTES[kind].write,
    request: { params: CaseParams, body: jsonBody(NOTES[kind].body) },
    responses: {
      [NOTES[kind].status]: jsonContent<NoteResponse>(NOTES[kind].response, NOTES[kind].description),
      ...NOTES[kind].errors,
    },
  });

export const registerAddNote = (app: App, kind: CaseKind) =>
  app.openapi(addNoteRoute(kind), async (c) => {
    const note = NOTES[kind];
    // The body was validated against this kind's schema (NOTES[kind].body), which its `add` takes.
    const input = { ...c.req.valid("json"), actorKeyId: c.get("auth").keyId };
    const result = await note.add(c.get("ctx"), c.req.valid("param").caseId, input as never);
    // The status and shape are the kind's, declared above; the route's type is their union.
    return c.json(
      { success: true as const, ...result, disclaimer: KIND_ROUTES[kind].disclaimer },
      note.status as never,
    );
  });
