import type { App } from "../../../../http/context";
import { registerCreateQueue } from "./create-queue";
import { registerDeleteQueue } from "./delete-queue";
import { registerGetQueue } from "./get-queue";
import { registerListQueueCases } from "./list-queue-cases";
import { registerListQueues } from "./list-queues";
import { registerQueueStats } from "./queue-stats";
import { registerUpdateQueue } from "./update-queue";

/** Team queues: CRUD, a queue's open cases and its figures (docs/decisions/case-work.md#team-queues). */
export function registerCaseQueueRoutes(app: App): void {
  registerCreateQueue(app);
  registerListQueues(app);
  registerGetQueue(app);
  registerUpdateQueue(app);
  registerDeleteQueue(app);
  registerListQueueCases(app);
  registerQueueStats(app);
}
