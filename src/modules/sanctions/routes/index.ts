import type { App } from "../../../http/context";
import { registerDecideCase } from "./decide-case";
import { registerGetCase } from "./get-case";
import { registerGetListVersion } from "./get-list-version";
import { registerGetSettings } from "./get-settings";
import { registerListCases } from "./list-cases";
import { registerListListVersions } from "./list-list-versions";
import { registerListLists } from "./list-lists";
import { registerLoadListVersion } from "./load-list-version";
import { registerScreenName } from "./screen-name";
import { registerUpdateSettings } from "./update-settings";
import { registerUploadListFile } from "./upload-list-file";

/** The tenant's routes (/v1/sanctions/...). */
export function registerSanctionsRoutes(app: App): void {
  for (const register of [
    registerScreenName,
    registerGetSettings,
    registerUpdateSettings,
    registerListCases,
    registerGetCase,
    registerDecideCase,
  ]) {
    register(app);
  }
}

/** The operator's list routes (/admin/sanctions/...). */
export function registerSanctionsAdminRoutes(app: App): void {
  for (const register of [
    registerUploadListFile,
    registerLoadListVersion,
    registerListLists,
    registerListListVersions,
    registerGetListVersion,
  ]) {
    register(app);
  }
}
