import type { App } from "../../../http/context";
import { registerAddEntries } from "./add-entries";
import { registerCreateList } from "./create-list";
import { registerDeleteList } from "./delete-list";
import { registerGetList } from "./get-list";
import { registerListEntries } from "./list-entries";
import { registerListHistory } from "./list-history";
import { registerListLists } from "./list-lists";
import { registerRemoveEntry } from "./remove-entry";
import { registerUpdateList } from "./update-list";

export function registerListRoutes(app: App): void {
  registerCreateList(app);
  registerListLists(app);
  registerGetList(app);
  registerUpdateList(app);
  registerDeleteList(app);
  registerAddEntries(app);
  registerListEntries(app);
  registerRemoveEntry(app);
  registerListHistory(app);
}
