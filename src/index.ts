import { buildApp } from "./app";
import { yieldingEnv } from "./db/yielding-d1";
import type { Env } from "./env";
import { withDeadline } from "./http/deadline";
import { handleScheduled } from "./jobs/cron";
import { QUEUE_NAMES } from "./jobs/messages";
import { handleDeadLetters, handleJobsBatch, handleOutboxBatch } from "./jobs/queue";
import { hardenSharedPrototypes } from "./lib/harden";
import { handleWebhookBatch, handleWebhookDeadLetters } from "./modules/webhooks/jobs";

export { FraudCaseObject } from "./durable-objects/fraud-case";
export { KeyRateLimiter } from "./durable-objects/rate-limiter";

// Backstop against prototype pollution (docs/decisions/input-hardening.md): after every
// module has loaded, nothing may add to or change the shared prototypes of this isolate, while
// objects may still own keys such as "constructor" or "toString" (src/lib/harden.ts). Modules
// loaded later by import() (docs/architecture.md#what-loads-lazily) run under it too.
hardenSharedPrototypes();

const app = buildApp();

export default {
  // Every request answers within 30 s (src/http/deadline.ts). Every entry hands on D1 bindings
  // that let other events in during long chains of statements (src/db/yielding-d1.ts).
  fetch: withDeadline((request, env, ctx) => app.fetch(request, yieldingEnv(env), ctx)),
  async queue(batch: MessageBatch<unknown>, raw: Env): Promise<void> {
    const env = yieldingEnv(raw);
    // Consumers validate each body themselves: a queue carries whatever was ever sent to it.
    if (batch.queue === QUEUE_NAMES.webhooksDeadLetter) return handleWebhookDeadLetters(batch, env);
    if (batch.queue === QUEUE_NAMES.jobsDeadLetter || batch.queue === QUEUE_NAMES.outboxDeadLetter)
      return handleDeadLetters(batch);
    if (batch.queue === QUEUE_NAMES.jobs) return handleJobsBatch(batch, env);
    if (batch.queue === QUEUE_NAMES.webhooks) return handleWebhookBatch(batch, env);
    if (batch.queue === QUEUE_NAMES.outbox) return handleOutboxBatch(batch, env);
    console.error(JSON.stringify({ level: "error", msg: "unknown queue", queue: batch.queue }));
    for (const message of batch.messages) message.retry();
  },
  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    await handleScheduled(controller, yieldingEnv(env));
  },
} satisfies ExportedHandler<Env>;
