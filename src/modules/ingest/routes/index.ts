import type { App } from "../../../http/context";
import { registerIngest } from "./ingest";

export function registerIngestRoutes(app: App): void {
  registerIngest(app);
}
