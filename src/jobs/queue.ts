import type { Env } from "../env";
import { type JobMessage, jobHandlers } from "./registry";

/** JOBS_QUEUE consumer: each message runs its handler; a throw retries that message only. */
export async function handleJobsBatch(batch: MessageBatch<JobMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const handler = jobHandlers[message.body.type];
    if (!handler) {
      console.error(JSON.stringify({ level: "error", msg: "unknown job type", type: message.body.type }));
      message.ack();
      continue;
    }
    try {
      await handler(env, message.body);
      message.ack();
    } catch (err) {
      console.error(
        JSON.stringify({ level: "error", msg: "job failed", type: message.body.type, err: String(err) }),
      );
      message.retry();
    }
  }
}

/** Dead-letter queues: record what exhausted its retries instead of dropping it silently. */
export async function handleDeadLetters(batch: MessageBatch<unknown>): Promise<void> {
  for (const message of batch.messages) {
    console.error(
      JSON.stringify({ level: "error", msg: "dead letter", queue: batch.queue, body: message.body }),
    );
    message.ack();
  }
}
