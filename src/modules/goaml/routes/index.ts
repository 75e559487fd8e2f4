import type { App } from "../../../http/context";
import { registerGenerateStr } from "./generate-str";
import { registerGetGoamlProfile } from "./get-profile";
import { registerGetGoamlReport } from "./get-report";
import { registerGetGoamlReportXml } from "./get-report-xml";
import { registerGetGoamlSubject } from "./get-subject";
import { registerListCaseReports } from "./list-case-reports";
import { registerListCtrReports } from "./list-ctr-reports";
import { registerListCtrRuns } from "./list-ctr-runs";
import { registerPutGoamlProfile } from "./put-profile";
import { registerPutGoamlSubject } from "./put-subject";
import { registerGoamlReportStatus } from "./report-status";
import { registerRunCtr } from "./run-ctr";

export function registerGoamlRoutes(app: App): void {
  registerGetGoamlProfile(app);
  registerPutGoamlProfile(app);
  registerPutGoamlSubject(app);
  registerGetGoamlSubject(app);
  registerGenerateStr(app);
  registerListCaseReports(app);
  registerGetGoamlReport(app);
  registerGetGoamlReportXml(app);
  registerGoamlReportStatus(app);
  registerListCtrReports(app);
  registerListCtrRuns(app);
  registerRunCtr(app);
}
