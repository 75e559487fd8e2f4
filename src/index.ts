import { buildApp } from "./app";
import type { Env } from "./env";
import { handleScheduled } from "./jobs/cron";
import { handleDeadLetters, handleJobsBatch } from "./jobs/queue";
import type { JobMessage } from "./jobs/registry";
import { hardenSharedPrototypes } from "./lib/harden";
import {
  handleWebhookBatch,
  handleWebhookDeadLetters,
  WEBHOOK_DLQ_NAME,
  WEBHOOK_QUEUE_NAME,
} from "./modules/webhooks/jobs";

export { FraudCaseObject } from "./durable-objects/fraud-case";

// Backstop against prototype pollution (docs/decisions/input-hardening.md): after every
// module has loaded, nothing may add to or change the shared prototypes of this isolate, while
// objects may still own keys such as "constructor" or "toString" (src/lib/harden.ts).
hardenSharedPrototypes();

const app = buildApp();

export default {
  fetch: app.fetch,
  async queue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
    if (batch.queue === WEBHOOK_DLQ_NAME) return handleWebhookDeadLetters(batch, env);
    if (batch.queue.endsWith("-dlq")) return handleDeadLetters(batch);
    if (batch.queue === "credit-ops-jobs") return handleJobsBatch(batch as MessageBatch<JobMessage>, env);
    if (batch.queue === WEBHOOK_QUEUE_NAME) return handleWebhookBatch(batch, env);
    console.error(JSON.stringify({ level: "error", msg: "unknown queue", queue: batch.queue }));
    for (const message of batch.messages) message.retry();
  },
  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    await handleScheduled(controller, env);
  },
} satisfies ExportedHandler<Env>;
