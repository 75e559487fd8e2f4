import type { App } from "../../../http/context";
import { registerIngest } from "./ingest";
import { registerSync } from "./sync";

export function registerIngestRoutes(app: App): void {
  registerIngest(app);
  registerSync(app);
}
