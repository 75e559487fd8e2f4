/**
 * Fraud cases as a kind of the cases module (cases/kinds/service.ts): registered when the fraud
 * routes load, so the shared case routes, links and files reach fraud cases without the cases
 * module importing fraud.
 */
import { z } from "@hono/zod-openapi";
import { registerCaseKind } from "../../cases/kinds/service";
import { caseWorkResult } from "../../cases/schemas";
import { AddNoteBody } from "../cases/schemas";
import * as work from "../casework/service";
import { DISCLAIMER } from "../schemas";
import { addNote, verifyCase } from "../service";
import { fraudSnoozeTarget } from "../snoozes/service";

let responses: ReturnType<typeof loadResponses> | undefined;
async function loadResponses() {
  const { Disclaimer, FraudCaseEventSchema, FraudCaseSchema, FraudCaseVerification } = await import(
    "../responses"
  );
  return {
    disclaimer: Disclaimer,
    entry: FraudCaseEventSchema,
    workResult: caseWorkResult(FraudCaseSchema, FraudCaseEventSchema, Disclaimer),
    verification: FraudCaseVerification,
  };
}
const fraudResponses = () => (responses ??= loadResponses());

registerCaseKind({
  kind: "fraud",
  name: "Fraud case",
  routes: {
    prefix: "/v1/fraud/cases",
    tag: "Fraud",
    read: "fraud:read",
    write: "fraud:write",
    op: "Fraud",
    aCase: "a fraud case",
    disclaimer: DISCLAIMER,
    responses: fraudResponses,
    workDescription: "The case and the appended events",
    verifyDescription: "Recomputes the case's hash chain (case row and every event) from genesis.",
  },
  workLog: work.fraudWorkLog,
  note: {
    operationId: "addFraudCaseNote",
    summary: "Add a note to a fraud case",
    detail: "Appends a note_added event.",
    body: AddNoteBody,
    status: 201,
    response: async () => {
      const { entry, disclaimer } = await fraudResponses();
      return z.object({ success: z.literal(true), event: entry, disclaimer });
    },
    description: "The note_added event",
    errors: {},
    add: async (ctx, caseId, input) => ({ event: await addNote(ctx, caseId, input) }),
  },
  verify: verifyCase,
  snooze: fraudSnoozeTarget,
  exists: work.caseExists,
  append: work.appendLogEntry,
  takesStatements: false,
});
