import type { App } from "../../../http/context";
import { registerGetAlert } from "./get-alert";
import { registerListAlerts } from "./list-alerts";

export function registerMonitoringRoutes(app: App): void {
  registerListAlerts(app);
  registerGetAlert(app);
}
