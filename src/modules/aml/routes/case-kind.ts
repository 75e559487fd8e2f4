/**
 * AML cases as a kind of the cases module (cases/kinds/service.ts): registered when the AML
 * routes load, so the shared case routes, links and files reach AML cases without the cases
 * module importing aml.
 */
import { errorResponses } from "../../../http/openapi";
import { asEvents, registerCaseKind } from "../../cases/kinds/service";
import { CaseNoteBody, caseWorkResult } from "../../cases/schemas";
import { verifyCase } from "../cases/service";
import * as work from "../casework/service";
import { DISCLAIMER } from "../schemas";
import { amlSnoozeTarget } from "../snoozes/service";

let responses: ReturnType<typeof loadResponses> | undefined;
async function loadResponses() {
  const { Disclaimer } = await import("../responses");
  const { AmlCaseHistorySchema, AmlCaseSchema, AmlCaseVerification } = await import("../cases/responses");
  return {
    disclaimer: Disclaimer,
    entry: AmlCaseHistorySchema,
    workResult: caseWorkResult(AmlCaseSchema, AmlCaseHistorySchema, Disclaimer),
    verification: AmlCaseVerification,
  };
}
const amlResponses = () => (responses ??= loadResponses());
const WORK_DESCRIPTION = "The case and the appended history entries";

registerCaseKind({
  kind: "aml",
  name: "AML case",
  routes: {
    prefix: "/v1/kyc-aml/cases",
    tag: "KYC/AML",
    read: "aml:read",
    write: "aml:write",
    op: "Aml",
    aCase: "an AML case",
    disclaimer: DISCLAIMER,
    responses: amlResponses,
    workDescription: WORK_DESCRIPTION,
    verifyDescription:
      "Recomputes the case's history chain (the created entry covers the case's immutable fields) " +
      "from genesis and checks its head against the anchor, as for fraud cases.",
  },
  workLog: work.amlWorkLog,
  note: {
    operationId: "AddAmlCaseNote",
    summary: "Add a note to an AML case",
    detail: "Adds a note to the case's history without moving its status (a closed case still takes notes).",
    body: CaseNoteBody,
    status: 200,
    response: async () => (await amlResponses()).workResult,
    description: WORK_DESCRIPTION,
    errors: errorResponses(409),
    add: asEvents(work.addNote),
  },
  verify: verifyCase,
  snooze: amlSnoozeTarget,
  exists: work.caseExists,
  append: work.appendLogEntry,
  takesStatements: true,
});
