import type { App } from "../../../../http/context";
import type { CaseKind } from "../service";
import { registerCreateLink } from "./create-link";
import { registerDeleteLink } from "./delete-link";
import { registerListAlertLinks } from "./list-alert-links";
import { registerListLinks } from "./list-links";

const CASE_KINDS: CaseKind[] = ["fraud", "aml"];

/** The same operations on fraud and AML cases, under each kind's path and scopes; an alert's links. */
export function registerCaseLinkRoutes(app: App): void {
  for (const kind of CASE_KINDS) {
    registerCreateLink(app, kind);
    registerListLinks(app, kind);
    registerDeleteLink(app, kind);
  }
  registerListAlertLinks(app);
}
