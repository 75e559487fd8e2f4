import { CloseDecisionBody } from "../schemas";
import { registerWorkAction } from "./work-action";

export const registerConfirmClose = registerWorkAction({
  path: "close-request/confirm",
  operationId: (op) => `Confirm${op}CaseClose`,
  summary: (aCase) => `Confirm ${aCase}'s pending close`,
  description:
    "Maker-checker: a second actor confirms the pending close (the close is appended with its outcome). 409 `conflict`: no close pending, or (a `details` entry with code `second_actor_required`, path `actorId`) the requester confirming.",
  body: CloseDecisionBody,
  service: "confirmClose",
});
