import type { App } from "../../../http/context";
import { registerAddNote } from "./add-note";
import { registerAssignCase } from "./assign-case";
import { registerBacktest } from "./backtest";
import { registerChangeTags } from "./change-tags";
import { registerConfirmClose } from "./confirm-close";
import { registerEvaluate } from "./evaluate";
import { registerGetBacktest } from "./get-backtest";
import { registerGetCase } from "./get-case";
import { registerGetThresholds } from "./get-thresholds";
import { registerGetTransitions } from "./get-transitions";
import { registerListCases } from "./list-cases";
import { registerListRules } from "./list-rules";
import { registerListSnoozes } from "./list-snoozes";
import { registerPutThresholds } from "./put-thresholds";
import { registerRejectClose } from "./reject-close";
import { registerSnoozeRule } from "./snooze-rule";
import { registerTransitionCase } from "./transition-case";

export function registerAmlRoutes(app: App): void {
  registerEvaluate(app);
  registerListRules(app);
  registerGetThresholds(app);
  registerPutThresholds(app);
  registerListCases(app);
  // Before {caseId}, so "transitions" is not read as a case id.
  registerGetTransitions(app);
  registerGetCase(app);
  registerTransitionCase(app);
  registerAssignCase(app);
  registerAddNote(app);
  registerChangeTags(app);
  registerConfirmClose(app);
  registerRejectClose(app);
  registerSnoozeRule(app);
  registerListSnoozes(app);
  registerBacktest(app);
  registerGetBacktest(app);
}
