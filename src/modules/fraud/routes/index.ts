import type { App } from "../../../http/context";
import * as caseWork from "../../cases/routes";
// Registers the kind with the cases module before any of its routes are built.
import "./case-kind";
import { registerAddEvent } from "./add-event";
import { registerCaseStats } from "./case-stats";
import { registerChangeStatus } from "./change-status";
import { registerCreateCase } from "./create-case";
import { registerEvaluate } from "./evaluate";
import { registerEvaluateAndCreate } from "./evaluate-and-create";
import { registerGetCase } from "./get-case";
import { registerListCases } from "./list-cases";
import { registerListEvents } from "./list-events";
import { registerListSignals } from "./list-signals";

/**
 * Signals and evaluation. src/app.ts mounts GET /v1/fraud/alerts next (monitoring keeps the
 * stored alerts, and monitoring sits above fraud), then registerFraudCaseRoutes: the document
 * keeps its order.
 */
export function registerFraudRoutes(app: App): void {
  registerListSignals(app);
  registerEvaluate(app);
  registerEvaluateAndCreate(app);
}

export function registerFraudCaseRoutes(app: App): void {
  registerListCases(app);
  registerCreateCase(app);
  // /cases/stats before /cases/{caseId}, so "stats" is never read as a case id.
  registerCaseStats(app);
  registerGetCase(app);
  registerListEvents(app);
  registerAddEvent(app);
  registerChangeStatus(app);
  caseWork.registerAddNote(app, "fraud");
  caseWork.registerAssignCase(app, "fraud");
  caseWork.registerChangeTags(app, "fraud");
  caseWork.registerConfirmClose(app, "fraud");
  caseWork.registerRejectClose(app, "fraud");
  caseWork.registerVerifyCase(app, "fraud");
  caseWork.registerSnoozeRule(app, "fraud");
  caseWork.registerListSnoozes(app, "fraud");
}
