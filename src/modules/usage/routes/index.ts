import type { App } from "../../../http/context";
import { registerGetUsage } from "./get-usage";

export function registerUsageRoutes(app: App): void {
  registerGetUsage(app);
}
