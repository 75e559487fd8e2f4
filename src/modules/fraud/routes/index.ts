import type { App } from "../../../http/context";
import { registerAddEvent } from "./add-event";
import { registerAddNote } from "./add-note";
import { registerAssignCase } from "./assign-case";
import { registerCaseStats } from "./case-stats";
import { registerChangeStatus } from "./change-status";
import { registerChangeTags } from "./change-tags";
import { registerConfirmClose } from "./confirm-close";
import { registerCreateCase } from "./create-case";
import { registerEvaluate } from "./evaluate";
import { registerEvaluateAndCreate } from "./evaluate-and-create";
import { registerGetCase } from "./get-case";
import { registerListAlerts } from "./list-alerts";
import { registerListCases } from "./list-cases";
import { registerListEvents } from "./list-events";
import { registerListSignals } from "./list-signals";
import { registerListSnoozes } from "./list-snoozes";
import { registerRejectClose } from "./reject-close";
import { registerSnoozeRule } from "./snooze-rule";
import { registerVerifyCase } from "./verify-case";

export function registerFraudRoutes(app: App): void {
  registerListSignals(app);
  registerEvaluate(app);
  registerEvaluateAndCreate(app);
  registerListAlerts(app);
  registerListCases(app);
  registerCreateCase(app);
  // /cases/stats before /cases/{caseId}, so "stats" is never read as a case id.
  registerCaseStats(app);
  registerGetCase(app);
  registerListEvents(app);
  registerAddEvent(app);
  registerChangeStatus(app);
  registerAddNote(app);
  registerAssignCase(app);
  registerChangeTags(app);
  registerConfirmClose(app);
  registerRejectClose(app);
  registerVerifyCase(app);
  registerSnoozeRule(app);
  registerListSnoozes(app);
}
