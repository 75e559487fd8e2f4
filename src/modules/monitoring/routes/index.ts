import type { App } from "../../../http/context";
import { registerGetStatus } from "./get-status";
import { registerListDeadLetters } from "./list-dead-letters";
import { registerRetryDeadLetters } from "./retry-dead-letters";

export function registerMonitoringRoutes(app: App): void {
  registerGetStatus(app);
  registerListDeadLetters(app);
  registerRetryDeadLetters(app);
}
