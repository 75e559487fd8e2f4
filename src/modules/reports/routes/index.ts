import type { App } from "../../../http/context";
import { registerGetBhiReport } from "./get-bhi-report";

export function registerReportRoutes(app: App): void {
  registerGetBhiReport(app);
}
