import type { App } from "../../../http/context";
import { registerDeleteTenant } from "./delete-tenant";
import { registerDownloadExportFile } from "./download-export-file";
import { registerGetDeletion } from "./get-deletion";
import { registerGetExport } from "./get-export";
import { registerRequestExport } from "./request-export";

export function registerOffboardingRoutes(app: App): void {
  for (const register of [
    registerRequestExport,
    registerGetExport,
    registerDownloadExportFile,
    registerDeleteTenant,
    registerGetDeletion,
  ])
    register(app);
}
