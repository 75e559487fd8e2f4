import type { App } from "../../../http/context";
import { registerDeleteDraft } from "./delete-draft";
import { registerGetDraft } from "./get-draft";
import { registerGetRuleSet } from "./get-rule-set";
import { registerGetVersion } from "./get-version";
import { registerListPublications } from "./list-publications";
import { registerListVersions } from "./list-versions";
import { registerPublish } from "./publish";
import { registerPutDraft } from "./put-draft";
import { registerRollback } from "./rollback";

/** Rule-set backtests (monitoring/backtest: they run the fraud and AML engines) follow, from src/app.ts. */
export function registerRuleSetRoutes(app: App): void {
  registerGetRuleSet(app);
  registerGetDraft(app);
  registerPutDraft(app);
  registerDeleteDraft(app);
  registerPublish(app);
  registerRollback(app);
  registerListVersions(app);
  registerGetVersion(app);
  registerListPublications(app);
}
