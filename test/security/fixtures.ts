import { env } from "cloudflare:workers";
import { shardDb } from "../../src/db/client";
import { bhiJobs } from "../../src/db/shard";
import { calculate, seedHealthyCustomer } from "../bhi/seed";
import { insertAgent, insertCustomer, type TestTenant } from "../harness";

/**
 * How to make, for an owner tenant, the object a templated path names. The security suite
 * asks another tenant for it (must be 404) and the owner (must not be 404). The longest
 * key that prefixes an operation's path wins, so "/v1/bhi/{customerId}" can build a
 * customer with a BHI record while "/v1/customers/{customerId}" builds a bare customer.
 * Every operation with a path parameter needs an entry: the suite fails without one.
 */
export type PathFixture = (owner: TestTenant) => Promise<Record<string, string>>;

/** A customer with a calculated BHI record. */
async function bhiCustomer(owner: TestTenant) {
  const { customer } = await seedHealthyCustomer(owner);
  const res = await calculate(owner, { customerId: customer.id });
  if (res.status !== 200) throw new Error(`bhi fixture: ${res.status}`);
  return { customerId: customer.id! };
}

export const pathFixtures: Record<string, PathFixture> = {
  "/v1/customers/{customerId}": async (owner) => ({ customerId: (await insertCustomer(owner)).id }),
  "/v1/agents/{agentId}": async (owner) => ({ agentId: (await insertAgent(owner)).agentId }),
  "/v1/bhi/{customerId}": bhiCustomer,
  "/v1/reports/bhi/{customerId}": bhiCustomer,
  "/v1/bhi/calculate-from-db/jobs/{jobId}": async (owner) => {
    const now = new Date().toISOString();
    const id = crypto.randomUUID();
    await shardDb(env, owner.shard).insert(bhiJobs).values({
      id,
      tenantId: owner.id,
      status: "pending",
      weights: {},
      total: 10_001,
      processed: 0,
      successful: 0,
      failed: 0,
      alertCount: 0,
      createdAt: now,
      updatedAt: now,
    });
    return { jobId: id };
  },
};

/**
 * Valid bodies for operations whose body is required, so that a cross-tenant request
 * reaches the tenant lookup instead of stopping at validation. Key: "METHOD /templated/path".
 */
export const requestBodies: Record<string, unknown> = {};
