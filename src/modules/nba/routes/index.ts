import type { App } from "../../../http/context";
import { registerBatch } from "./batch";
import { registerGenerate } from "./generate";

export function registerNbaRoutes(app: App): void {
  registerGenerate(app);
  registerBatch(app);
}
