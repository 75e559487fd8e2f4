import { env } from "cloudflare:workers";
import { shardDb } from "../../src/db/client";
import { webhookDeliveries } from "../../src/db/shard";
import { call, insertAgent, insertCustomer, json, type TestTenant } from "../harness";

/** A webhook subscription of the owner; its URL refuses connections at once (test sends fail fast). */
async function webhookSubscription(owner: TestTenant): Promise<string> {
  const res = await call("POST", "/v1/webhooks/subscriptions", {
    key: owner.key,
    body: { url: "http://127.0.0.1:9/security-suite", eventTypes: ["*"] },
  });
  return (await json<{ subscription: { id: string } }>(res)).subscription.id;
}

/** A finished (dead) delivery of the owner, so replay answers 202 for the owner. */
async function webhookDelivery(owner: TestTenant): Promise<string> {
  const subscriptionId = await webhookSubscription(owner);
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const eventId = crypto.randomUUID();
  await shardDb(env, owner.shard)
    .insert(webhookDeliveries)
    .values({
      id,
      tenantId: owner.id,
      subscriptionId,
      eventId,
      eventType: "bhi.calculated",
      eventCreatedAt: now,
      payload: JSON.stringify({
        id: eventId,
        type: "bhi.calculated",
        timestamp: now,
        tenantId: owner.id,
        data: {},
      }),
      status: "dead",
      attemptCount: 6,
      isTest: false,
      createdAt: now,
      updatedAt: now,
    });
  return id;
}

/**
 * How to make, for an owner tenant, the object a templated path names. The security suite
 * asks another tenant for it (must be 404) and the owner (must not be 404). The longest
 * key that prefixes an operation's path wins, so "/v1/bhi/{customerId}" can build a
 * customer with a BHI record while "/v1/customers/{customerId}" builds a bare customer.
 * Every operation with a path parameter needs an entry: the suite fails without one.
 */
export type PathFixture = (owner: TestTenant) => Promise<Record<string, string>>;

export const pathFixtures: Record<string, PathFixture> = {
  "/v1/customers/{customerId}": async (owner) => ({ customerId: (await insertCustomer(owner)).id }),
  "/v1/agents/{agentId}": async (owner) => ({ agentId: (await insertAgent(owner)).agentId }),
  "/v1/webhooks/subscriptions/{id}": async (owner) => ({ id: await webhookSubscription(owner) }),
  "/v1/webhooks/deliveries/{id}": async (owner) => ({ id: await webhookDelivery(owner) }),
};

/**
 * Valid bodies for operations whose body is required, so that a cross-tenant request
 * reaches the tenant lookup instead of stopping at validation. Key: "METHOD /templated/path".
 */
export const requestBodies: Record<string, unknown> = {
  "POST /v1/webhooks/subscriptions": { url: "https://hooks.example.com/in", eventTypes: ["*"] },
  "PATCH /v1/webhooks/subscriptions/{id}": { description: "security suite" },
};
