import type { App } from "../../../http/context";
import {
  registerAddNote,
  registerAssignCase,
  registerChangeTags,
  registerConfirmClose,
  registerListSnoozes,
  registerRejectClose,
  registerSnoozeRule,
} from "../../case-work/routes";
import { registerAddEvent } from "./add-event";
import { registerCaseStats } from "./case-stats";
import { registerChangeStatus } from "./change-status";
import { registerCreateCase } from "./create-case";
import { registerEvaluate } from "./evaluate";
import { registerEvaluateAndCreate } from "./evaluate-and-create";
import { registerGetCase } from "./get-case";
import { registerListAlerts } from "./list-alerts";
import { registerListCases } from "./list-cases";
import { registerListEvents } from "./list-events";
import { registerListSignals } from "./list-signals";
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
  registerAddNote(app, "fraud");
  registerAssignCase(app, "fraud");
  registerChangeTags(app, "fraud");
  registerConfirmClose(app, "fraud");
  registerRejectClose(app, "fraud");
  registerVerifyCase(app);
  registerSnoozeRule(app, "fraud");
  registerListSnoozes(app, "fraud");
}
