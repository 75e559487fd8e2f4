/**
 * The case actions fraud and AML cases share (docs/decisions/case-work.md#one-route-per-action):
 * one file per action builds the route for either kind; each kind's router registers it in its
 * own place, so the document keeps its order.
 */
export { registerAddNote } from "./add-note";
export { registerAssignCase } from "./assign-case";
export { registerChangeTags } from "./change-tags";
export { registerConfirmClose } from "./confirm-close";
export { registerListSnoozes } from "./list-snoozes";
export { registerRejectClose } from "./reject-close";
export { registerSnoozeRule } from "./snooze-rule";
export { registerVerifyCase } from "./verify-case";
