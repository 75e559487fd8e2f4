import { CloseDecisionBody } from "../schemas";
import { registerWorkAction } from "./work-action";

export const registerRejectClose = registerWorkAction({
  path: "close-request/reject",
  operationId: (op) => `Reject${op}CaseClose`,
  summary: (aCase) => `Reject ${aCase}'s pending close`,
  description:
    "Maker-checker: withdraw or refuse the pending close (close_rejected entry; the status stays). 409: no close pending.",
  body: CloseDecisionBody,
  service: "rejectClose",
});
