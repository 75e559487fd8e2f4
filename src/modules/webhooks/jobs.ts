import { loadTenantContext, type TenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import {
  type DeliveryMessage,
  isDeliveryMessage,
  jobs,
  type OutboxDispatchMessage,
} from "../../jobs/messages";
import { limiter } from "../../lib/limited";
import { consumeDelivery, markDeadLettered } from "./delivery/service";
import { dispatchOutbox, sweepWebhooks } from "./outbox/system-repo";

/** A consumer crash (not a receiver failure: those are recorded attempts) retries after this. */
const CRASH_RETRY_SECONDS = 45; // past the lease a crashed attempt may still hold
/** Workers' limit of simultaneous open connections per invocation. */
const OPEN_CONNECTIONS = 6;

const log = (fields: Record<string, unknown>) => console.error(JSON.stringify({ level: "error", ...fields }));

/**
 * WEBHOOK_QUEUE consumer. Receiver failures are ordinary outcomes (recorded, rescheduled by
 * a new message); only a crash of our own retries the message, and after the queue's
 * max_retries it lands in the dead-letter queue, which marks the delivery dead.
 */
export async function handleWebhookBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  // One control-database read per tenant per batch, not per message.
  const contexts = new Map<string, Promise<TenantContext>>();
  const contextFor = (tenantId: string) => {
    let ctx = contexts.get(tenantId);
    if (!ctx) {
      ctx = loadTenantContext(env, tenantId, `webhook-batch-${crypto.randomUUID()}`);
      contexts.set(tenantId, ctx);
    }
    return ctx;
  };
  // Every message's reads and writes at once, but at most six requests to receivers: an
  // invocation holds at most six open connections and queues further fetches, and an attempt's
  // timeout must measure the receiver, not that queue.
  const connection = limiter(OPEN_CONNECTIONS);
  const consume = async (message: Message<unknown>) => {
    if (!isDeliveryMessage(message.body)) {
      log({ msg: "malformed webhook message", body: message.body });
      message.ack();
      return;
    }
    const body = message.body;
    try {
      await consumeDelivery(await contextFor(body.tenantId), body.deliveryId, body.attempt, { connection });
      message.ack();
    } catch (err) {
      log({
        msg: "webhook delivery crashed",
        deliveryId: body.deliveryId,
        attempt: body.attempt,
        err: String(err),
      });
      message.retry({ delaySeconds: CRASH_RETRY_SECONDS });
    }
  };
  await Promise.all(batch.messages.map(consume));
}

/** The webhooks dead-letter queue: the delivery becomes dead (visible, replayable), never silently lost. */
export async function handleWebhookDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const body = message.body as Partial<DeliveryMessage>;
    log({ msg: "dead letter", queue: batch.queue, body });
    if (!isDeliveryMessage(body)) {
      message.ack();
      continue;
    }
    try {
      const ctx = await loadTenantContext(env, body.tenantId, `webhook-dlq-${body.deliveryId}`);
      await markDeadLettered(ctx, body.deliveryId);
      message.ack();
    } catch (err) {
      log({ msg: "dead letter not recorded", deliveryId: body.deliveryId, err: String(err) });
      message.retry({ delaySeconds: CRASH_RETRY_SECONDS });
    }
  }
}

/**
 * OUTBOX_QUEUE "outbox.dispatch": fan out (at most `rounds` rounds of 100 events when the
 * consumer shares its invocation between tenants); a larger backlog continues in a new message.
 */
export async function outboxDispatchJob(
  env: Env,
  message: OutboxDispatchMessage,
  rounds?: number,
): Promise<void> {
  const result = await dispatchOutbox(env, message.tenantId, rounds);
  if (result.more) await env.OUTBOX_QUEUE.send(jobs.outboxDispatch(message.tenantId));
}

/** Cron "* * * * *": the safety-net sweep. */
export async function webhookSweepTask(env: Env, scheduledTime: Date): Promise<void> {
  const result = await sweepWebhooks(env, scheduledTime);
  if (result.requeued > 0 || result.tenants > 0) {
    console.log(JSON.stringify({ level: "info", msg: "webhook sweep", ...result }));
  }
}
