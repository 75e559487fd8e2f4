import type { App } from "../../../http/context";
import { registerGetListVersion } from "./get-list-version";
import { registerListListVersions } from "./list-list-versions";
import { registerListLists } from "./list-lists";
import { registerLoadListVersion } from "./load-list-version";

/** The operator's list routes (/admin/sanctions/...). */
export function registerSanctionsAdminRoutes(app: App): void {
  for (const register of [registerLoadListVersion, registerListLists, registerListListVersions, registerGetListVersion]) {
    register(app);
  }
}
