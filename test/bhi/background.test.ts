import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { systemShardBinding } from "../../src/db/system-db";
import { call, createTenant, json, type TestTenant } from "../harness";
import { calculate, outboxOf, seedHealthyCustomer } from "./seed";

/** 10,000 idle customers in one statement (a recursive CTE), so the tenant has > 10,000. */
async function insertIdleCustomers(t: TestTenant, n: number) {
  const now = new Date().toISOString();
  await systemShardBinding(env, t.shard)
    .prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?3)
       INSERT INTO customers (id, tenant_id, external_id, external_source, type, name, status, tags,
         business_info, created_at, updated_at)
       SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a'
         || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), ?1, 'idle-' || i, 'test', 'business',
         'Idle ' || i, 'active', '[]', '{}', ?2, ?2
       FROM seq`,
    )
    .bind(t.id, now, n)
    .run();
}

describe("more than 10,000 customers", () => {
  it("answers 202 with a job that the jobs queue completes", async () => {
    const t = await createTenant();
    await seedHealthyCustomer(t, "A Ltd");
    await seedHealthyCustomer(t, "B Ltd");
    await insertIdleCustomers(t, 10_000);

    const res = await calculate(t, {});
    expect(res.status).toBe(202);
    const accepted = await json<{ jobId: string; job: { status: string; total: number } }>(res);
    expect(accepted.job).toMatchObject({ status: "pending", total: 10_002 });

    let job: { status: string; processed: number; successful: number; failed: number } | undefined;
    for (let i = 0; i < 60; i++) {
      const got = await call("GET", `/v1/bhi/calculate-from-db/jobs/${accepted.jobId}`, { key: t.key });
      job = (await json<{ job: typeof job }>(got)).job;
      if (job?.status === "succeeded" || job?.status === "failed") break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(job).toMatchObject({ status: "succeeded", processed: 10_002, successful: 2, failed: 10_000 });
    const outbox = await outboxOf(t);
    expect(outbox.filter((e) => e.type === "bhi.calculated")).toHaveLength(2);
    const summary = await json<{ summary: { totalCustomers: number } }>(
      await call("GET", "/v1/bhi/summary", { key: t.key }),
    );
    expect(summary.summary.totalCustomers).toBe(2);
  });

  it("named customers still run in the request", async () => {
    const t = await createTenant();
    const { customer } = await seedHealthyCustomer(t);
    await insertIdleCustomers(t, 10_000);
    const res = await calculate(t, { customerId: customer.id });
    expect(res.status).toBe(200);
  });
});
