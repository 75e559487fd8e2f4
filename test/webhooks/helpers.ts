import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { inject } from "vitest";
import { controlDb } from "../../src/db/client";
import { tenants } from "../../src/db/control-schema";
import { webhookDeliveries } from "../../src/db/shard";
import { systemShardDb } from "../../src/db/system-db";
import { type TenantContext, tenantContext, toTenant } from "../../src/db/tenant-context";
import { type EventType, eventInsert } from "../../src/modules/events/service";
import { call, json, type TestTenant } from "../harness";

/** The Node receiver started by receiver.global.ts. */
export const receiverUrl = (behaviour: string, bucket: string = crypto.randomUUID()) =>
  `http://127.0.0.1:${inject("webhookReceiverPort")}/${behaviour}/${bucket}`;

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

export async function received(url: string): Promise<Received[]> {
  const bucket = url.split("/").pop();
  const res = await fetch(`http://127.0.0.1:${inject("webhookReceiverPort")}/_log/${bucket}`);
  return (await res.json()) as Received[];
}

/** A clock the test moves by hand. */
export function manualClock(start = new Date()) {
  let now = start;
  return {
    now: () => now,
    set: (d: Date) => {
      now = d;
    },
    advance: (seconds: number) => {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}

export async function contextFor(tenant: TestTenant, clock = manualClock()): Promise<TenantContext> {
  const row = await controlDb(env).select().from(tenants).where(eq(tenants.id, tenant.id)).get();
  return tenantContext(env, toTenant(row!), "test", clock);
}

export async function recordEvent(ctx: TenantContext, type: EventType, data: Record<string, unknown>) {
  const insert = eventInsert(ctx, type, data, ctx.clock.now());
  await systemShardDb(ctx.env, ctx.tenant.shard).batch([insert]);
}

export async function subscribe(tenant: TestTenant, url: string, eventTypes: string[] = ["*"]) {
  const res = await call("POST", "/v1/webhooks/subscriptions", {
    key: tenant.key,
    body: { url, eventTypes },
  });
  if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${await res.text()}`);
  return json<{ subscription: { id: string; url: string }; secret: string }>(res);
}

export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 10_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A delivery row made directly (as fan-out would), so a test can drive the consumer itself. */
export async function insertDelivery(
  ctx: TenantContext,
  subscriptionId: string,
  eventType = "bhi.calculated",
  data: Record<string, unknown> = { customerId: crypto.randomUUID(), bhiOverall: 55.5 },
) {
  const now = ctx.clock.now().toISOString();
  const eventId = crypto.randomUUID();
  const id = crypto.randomUUID();
  const payload = JSON.stringify({
    id: eventId,
    type: eventType,
    timestamp: now,
    tenantId: ctx.tenantId,
    data,
  });
  await systemShardDb(ctx.env, ctx.tenant.shard).insert(webhookDeliveries).values({
    id,
    tenantId: ctx.tenantId,
    subscriptionId,
    eventId,
    eventType,
    eventCreatedAt: now,
    payload,
    status: "pending",
    attemptCount: 0,
    nextAttemptAt: now,
    isTest: false,
    createdAt: now,
    updatedAt: now,
  });
  return { id, eventId, payload };
}
