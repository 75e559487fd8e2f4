import type { App } from "../../../http/context";
import { registerCalculate } from "./calculate";
import { registerGetJob } from "./get-job";
import { registerGetLatest } from "./get-latest";
import { registerHistory } from "./history";
import { registerList } from "./list";
import { registerSummary } from "./summary";

export function registerBhiRoutes(app: App): void {
  registerCalculate(app);
  registerGetJob(app);
  registerList(app);
  // Literal paths before "/v1/bhi/{customerId}" so "summary" is never read as an id.
  registerSummary(app);
  registerGetLatest(app);
  registerHistory(app);
}
