import type { App } from "../../../http/context";
import { registerBenchmarks } from "./benchmarks";
import { registerCalculate } from "./calculate";
import { registerGet } from "./get";

export function registerSmeRoutes(app: App): void {
  registerCalculate(app);
  // Literal path before "/v1/sme-health/{customerId}" so "benchmarks" is never read as an id.
  registerBenchmarks(app);
  registerGet(app);
}
