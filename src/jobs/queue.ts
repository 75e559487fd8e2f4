import type { Env } from "../env";
import { isUnavailable } from "../lib/errors";
import { isJobMessage, isJobType } from "./messages";
import { runJob } from "./registry";

const logError = (fields: Record<string, unknown>) =>
  console.error(JSON.stringify({ level: "error", ...fields }));

/**
 * JOBS_QUEUE consumer: each message runs its handler; a throw retries that message only. The
 * body's shape is checked here, once: a message no handler can run is logged and acked
 * (retrying would not change it).
 */
export async function handleJobsBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const body = message.body;
    if (!isJobMessage(body)) {
      const type = (body as { type?: unknown } | null)?.type;
      logError(
        isJobType(type) ? { msg: "malformed job message", type, body } : { msg: "unknown job type", type },
      );
      message.ack();
      continue;
    }
    try {
      await runJob(env, body);
      message.ack();
    } catch (err) {
      // A tenant under a move's write fence: wait for the fence, not the queue's next retry.
      if (isUnavailable(err)) {
        message.retry({ delaySeconds: err.retryAfterSeconds });
        continue;
      }
      logError({ msg: "job failed", type: body.type, err: String(err) });
      message.retry();
    }
  }
}

/** Dead-letter queues: record what exhausted its retries instead of dropping it silently. */
export async function handleDeadLetters(batch: MessageBatch<unknown>): Promise<void> {
  for (const message of batch.messages) {
    logError({ msg: "dead letter", queue: batch.queue, body: message.body });
    message.ack();
  }
}
