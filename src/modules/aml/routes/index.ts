import type { App } from "../../../http/context";
import * as caseWork from "../../cases/routes";
// Registers the kind with the cases module before any of its routes are built.
import "./case-kind";
import { registerBacktest } from "./backtest";
import { registerEvaluate } from "./evaluate";
import { registerGetBacktest } from "./get-backtest";
import { registerGetCase } from "./get-case";
import { registerGetThresholds } from "./get-thresholds";
import { registerGetTransitions } from "./get-transitions";
import { registerListCases } from "./list-cases";
import { registerListRules } from "./list-rules";
import { registerPutThresholds } from "./put-thresholds";
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
  caseWork.registerVerifyCase(app, "aml");
  caseWork.registerAssignCase(app, "aml");
  caseWork.registerAddNote(app, "aml");
  caseWork.registerChangeTags(app, "aml");
  caseWork.registerConfirmClose(app, "aml");
  caseWork.registerRejectClose(app, "aml");
  caseWork.registerSnoozeRule(app, "aml");
  caseWork.registerListSnoozes(app, "aml");
  registerBacktest(app);
  registerGetBacktest(app);
}
