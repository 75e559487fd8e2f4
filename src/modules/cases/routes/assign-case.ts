import { AssignmentBody } from "../schemas";
import { registerWorkAction } from "./work-action";

export const registerAssignCase = registerWorkAction({
  path: "assignment",
  operationId: (op) => `Assign${op}Case`,
  summary: (aCase) => `Assign ${aCase}`,
  description:
    "Assign, reassign (assign again) or unassign (assigneeId null) the case: an assigned/unassigned entry in its log; the case shows the current assignee. 409: unassigning a case with no assignee.",
  body: AssignmentBody,
  service: "assignCase",
});
