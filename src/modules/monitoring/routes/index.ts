import type { App } from "../../../http/context";
import { registerGetAlert } from "./get-alert";
import { registerGetStatus } from "./get-status";
import { registerListAlerts } from "./list-alerts";
import { registerListDeadLetters } from "./list-dead-letters";
import { registerRetryDeadLetters } from "./retry-dead-letters";
import { registerScreenTransaction } from "./screen-transaction";

export function registerMonitoringRoutes(app: App): void {
  registerGetStatus(app);
  registerListDeadLetters(app);
  registerRetryDeadLetters(app);
  registerScreenTransaction(app);
  registerListAlerts(app);
  registerGetAlert(app);
}
