import type { Env } from "../env";
import { isUnavailable } from "../lib/errors";
import { deferralDelaySeconds, deferralsOf } from "./fairness";
import { isJobMessage, isJobType, type JobMessage, OUTBOX_DISPATCH_JOB } from "./messages";
import { dispatchTenantOutbox, runJob } from "./registry";
import { acquireJobSlot, releaseJobSlot } from "./slots";

const logError = (fields: Record<string, unknown>) =>
  console.error(JSON.stringify({ level: "error", ...fields }));

/** A body no handler can run: logged and acked (retrying would not change it). */
function refuse(message: Message<unknown>): void {
  const type = (message.body as { type?: unknown } | null)?.type;
  logError(
    isJobType(type)
      ? { msg: "malformed job message", type, body: message.body }
      : { msg: "unknown job type", type },
  );
  message.ack();
}

export interface JobsBatchOptions {
  now?: () => Date;
  random?: () => number;
}

/**
 * JOBS_QUEUE consumer: each message runs its handler while holding one of its tenant's job
 * slots (src/jobs/slots.ts); a throw retries that message only. A message whose tenant already
 * runs as many jobs as it may is acked and sent again with a growing delay (a new message, so
 * waiting does not use up the queue's max_retries), and the consumer moves on to other tenants'
 * messages. The body's shape is checked here, once.
 */
export async function handleJobsBatch(
  batch: MessageBatch<unknown>,
  env: Env,
  options: JobsBatchOptions = {},
): Promise<void> {
  const now = options.now ?? (() => new Date());
  for (const message of batch.messages) {
    const body = message.body;
    if (!isJobMessage(body)) {
      refuse(message);
      continue;
    }
    const slot = { tenantId: body.tenantId, slotId: message.id, jobType: body.type };
    try {
      if (!(await acquireJobSlot(env, slot, now()))) {
        await defer(env, body, options.random);
        message.ack();
        continue;
      }
    } catch (err) {
      logError({ msg: "job slot not taken", type: body.type, err: String(err) });
      message.retry();
      continue;
    }
    try {
      await runJob(env, body);
      message.ack();
    } catch (err) {
      // A tenant under a move's write fence: sent again for after the fence (a new message, as a
      // deferral, so a fence of up to a minute cannot use up max_retries and dead-letter the job).
      if (isUnavailable(err)) {
        await env.JOBS_QUEUE.send(body, { delaySeconds: err.retryAfterSeconds });
        message.ack();
        continue;
      }
      logError({ msg: "job failed", type: body.type, err: String(err) });
      message.retry();
    } finally {
      await releaseJobSlot(env, slot).catch((err) =>
        logError({ msg: "job slot not released (its lease ends it)", err: String(err) }),
      );
    }
  }
}

/** Sends the job again for later, counting its deferrals so each wait is longer. */
async function defer(env: Env, body: JobMessage, random?: () => number): Promise<void> {
  const deferrals = deferralsOf(body);
  // `deferrals` rides beside the job's own fields: validators ignore it, handlers never read it.
  const again = { ...body, deferrals: deferrals + 1 } as unknown as JobMessage;
  await env.JOBS_QUEUE.send(again, {
    delaySeconds: deferralDelaySeconds(deferrals, random),
  });
}

/** Rounds of 100 events one outbox invocation fans out, shared by the tenants of its batch. */
const OUTBOX_ROUNDS_PER_BATCH = 150;

/**
 * OUTBOX_QUEUE consumer: the webhook fan-out, on a queue of its own so a flood of heavy jobs
 * never delays it. A batch's messages for one tenant are one dispatch (each reads the whole
 * outbox), and the tenants share the invocation's D1 budget equally.
 */
export async function handleOutboxBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const byTenant = new Map<string, Message<unknown>[]>();
  for (const message of batch.messages) {
    const body = message.body;
    if (!isJobMessage(body) || body.type !== OUTBOX_DISPATCH_JOB) {
      refuse(message);
      continue;
    }
    byTenant.set(body.tenantId, [...(byTenant.get(body.tenantId) ?? []), message]);
  }
  const rounds = Math.max(1, Math.floor(OUTBOX_ROUNDS_PER_BATCH / Math.max(1, byTenant.size)));
  for (const [tenantId, messages] of byTenant) {
    try {
      await dispatchTenantOutbox(env, { type: OUTBOX_DISPATCH_JOB, tenantId }, rounds);
      for (const message of messages) message.ack();
    } catch (err) {
      logError({ msg: "outbox dispatch failed", tenantId, err: String(err) });
      for (const message of messages) message.retry();
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
