import type { App } from "../../../http/context";
import { registerScreenTransaction } from "./screen-transaction";

export function registerMonitoringRoutes(app: App): void {
  registerScreenTransaction(app);
}
