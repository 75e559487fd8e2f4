import { CloseDecisionBody } from "../schemas";
import { registerWorkAction } from "./work-action";

export const registerConfirmClose = registerWorkAction({
  path: "close-request/confirm",
  operationId: (op) => `Confirm${op}CaseClose`,
  summary: (aCase) => `Confirm ${aCase}'s pending close`,
  description:
    "Maker-checker: a second actor confirms the pending close (the close is appended with its outcome). 403 second_actor_required: the requester confirming; 409: no close pending.",
  body: CloseDecisionBody,
  service: "confirmClose",
});
