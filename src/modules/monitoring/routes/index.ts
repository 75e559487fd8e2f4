import type { App } from "../../../http/context";
import { registerGetAlert } from "./get-alert";
import { registerGetRun } from "./get-run";
import { registerGetSettings } from "./get-settings";
import { registerGetStatus } from "./get-status";
import { registerListAlerts } from "./list-alerts";
import { registerListDeadLetters } from "./list-dead-letters";
import { registerListFraudAlerts } from "./list-fraud-alerts";
import { registerListRuns } from "./list-runs";
import { registerRetryDeadLetters } from "./retry-dead-letters";
import { registerScreenTransaction } from "./screen-transaction";
import { registerStartRescreen } from "./start-rescreen";
import { registerStartRun } from "./start-run";
import { registerUpdateSettings } from "./update-settings";

export function registerMonitoringRoutes(app: App): void {
  registerGetStatus(app);
  registerListDeadLetters(app);
  registerRetryDeadLetters(app);
  registerScreenTransaction(app);
  registerListAlerts(app);
  registerGetAlert(app);
  registerGetSettings(app);
  registerUpdateSettings(app);
  registerStartRun(app);
  registerStartRescreen(app);
  registerListRuns(app);
  registerGetRun(app);
}

/** GET /v1/fraud/alerts: the stored fraud alerts, among fraud's paths (src/app.ts mounts it there). */
export function registerFraudAlertRoutes(app: App): void {
  registerListFraudAlerts(app);
}
