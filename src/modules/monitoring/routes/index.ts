import type { App } from "../../../http/context";
import { registerGetAlert } from "./get-alert";
import { registerGetRun } from "./get-run";
import { registerGetSettings } from "./get-settings";
import { registerGetStatus } from "./get-status";
import { registerListAlerts } from "./list-alerts";
import { registerListDeadLetters } from "./list-dead-letters";
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
