import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { handleScheduled } from "../../src/jobs/cron";
import type { JobMessage } from "../../src/jobs/messages";
import { handleJobsBatch } from "../../src/jobs/queue";
import { jobHandlers } from "../../src/jobs/registry";
import { reportKey } from "../../src/modules/reports/service";
import { createRun } from "../../src/modules/workflows/service";
import { calculate, outboxOf, seedHealthyCustomer, worsen } from "../bhi/seed";
import { call, createTenant, json, type TestTenant } from "../harness";
import { getRun, type Run, waitForRun } from "./helpers";

const runsOf = async (t: TestTenant, query = "") =>
  (await json<{ data: Run[] }>(await call("GET", `/v1/workflows/runs?${query}`, { key: t.key }))).data;

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("jobs queue consumer", () => {
  it("executes a workflow.run message; a duplicate delivery is acked and changes nothing", async () => {
    const t = await createTenant();
    const { customer } = await seedHealthyCustomer(t);
    const ctx = await loadTenantContext(env, t.id, "test");
    // Stored but not enqueued: only the batch below executes it.
    const { run } = await createRun(ctx, {
      workflowId: "risk-review",
      input: { customerId: customer.id },
      triggeredBy: "test",
    });
    expect((await getRun(t, run.id)).status).toBe("pending");

    const message = (id: string) => ({
      id,
      timestamp: new Date(),
      attempts: 1,
      body: { type: "workflow.run", tenantId: t.id, runId: run.id } satisfies JobMessage,
    });
    const batch = createMessageBatch<JobMessage>("credit-ops-jobs", [message("m1")]);
    const execution = createExecutionContext();
    await handleJobsBatch(batch, env);
    expect((await getQueueResult(batch, execution)).explicitAcks).toEqual(["m1"]);
    const done = await getRun(t, run.id);
    expect(done.status).toBe("succeeded");
    expect(done.steps.map((s) => s.status)).toEqual(["succeeded", "succeeded"]);

    const again = createMessageBatch<JobMessage>("credit-ops-jobs", [message("m2")]);
    const execution2 = createExecutionContext();
    await handleJobsBatch(again, env);
    expect((await getQueueResult(again, execution2)).explicitAcks).toEqual(["m2"]);
    expect(await getRun(t, run.id)).toEqual(done);
    expect((await outboxOf(t)).filter((e) => e.type === "workflow.completed")).toHaveLength(1);
  });
});

describe("cron triggers", () => {
  it('"0 2 * * *" starts bhi-refresh for every tenant, once per day', async () => {
    const a = await createTenant();
    const b = await createTenant({ shard: 1 });
    await seedHealthyCustomer(a);
    const scheduledTime = Date.parse("2026-11-21T02:00:00.000Z");
    const cron = () => handleScheduled(createScheduledController({ cron: "0 2 * * *", scheduledTime }), env);
    await cron();
    for (const t of [a, b]) {
      const run = await until(async () => (await runsOf(t, "workflowId=bhi-refresh"))[0]);
      const finished = await waitForRun(t, run.id);
      expect(finished).toMatchObject({ status: "succeeded", triggeredBy: "cron:0 2 * * *" });
    }
    const [runA] = await runsOf(a, "workflowId=bhi-refresh");
    expect(runA.output["calculate-bhi"]).toMatchObject({ total: 1, successful: 1 });

    await cron(); // the same day again: nothing new
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await runsOf(a, "workflowId=bhi-refresh")).toHaveLength(1);
  });

  it('"0 3 1 * *" runs monthly-reports: PDF reports stored in R2', async () => {
    const t = await createTenant();
    const { customer } = await seedHealthyCustomer(t);
    await calculate(t, { customerId: customer.id });
    const scheduledTime = Date.parse("2026-12-01T03:00:00.000Z");
    await handleScheduled(createScheduledController({ cron: "0 3 1 * *", scheduledTime }), env);
    const run = await until(async () => (await runsOf(t, "workflowId=monthly-reports"))[0]);
    const finished = await waitForRun(t, run.id);
    expect(finished.status).toBe("succeeded");
    expect(finished.output["pdf-reports"]).toEqual({ customers: 1, generated: 1, reused: 0 });
    const latest = await json<{ bhi: { id: string } }>(
      await call("GET", `/v1/bhi/${customer.id}`, { key: t.key }),
    );
    const stored = await env.FILES.get(reportKey(t.id, customer.id!, latest.bhi.id, "pdf"));
    expect(stored).not.toBeNull();
    const bytes = new Uint8Array(await stored!.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  });
});

describe("event trigger", () => {
  it("customer.risk_alert starts one risk-review run for the customer", async () => {
    // Threshold 50: the worsened customer goes from 100 to 45 (test/bhi/seed.ts).
    const t = await createTenant({ settings: { riskAlertThreshold: 50 } });
    const { customer, account } = await seedHealthyCustomer(t);
    await calculate(t, { customerId: customer.id });
    await worsen(t, { id: account.id!, customerId: customer.id! });
    await calculate(t, { customerId: customer.id });
    const alerts = (await outboxOf(t)).filter((e) => e.type === "customer.risk_alert");
    expect(alerts).toHaveLength(1);

    const run = await until(async () => (await runsOf(t, "workflowId=risk-review"))[0]);
    expect(run.triggeredBy).toBe("event:customer.risk_alert");
    const finished = await waitForRun(t, run.id);
    expect(finished.status).toBe("succeeded");
    expect((finished as unknown as { input: { customerId: string } }).input.customerId).toBe(customer.id);

    // Another outbox pass for the tenant starts nothing new for the same event.
    await jobHandlers["outbox.dispatch"](env, { type: "outbox.dispatch", tenantId: t.id });
    expect(await runsOf(t, "workflowId=risk-review")).toHaveLength(1);
  });
});
