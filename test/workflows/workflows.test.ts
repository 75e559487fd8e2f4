import { describe, expect, it } from "vitest";
import { calculate, outboxOf, seedHealthyCustomer, worsen } from "../bhi/seed";
import { call, createKey, createTenant, insertCustomer, json } from "../harness";
import { getRun, type Run, trigger, waitForRun } from "./helpers";

interface Workflow {
  id: string;
  version: string;
  status: string;
  triggers: Array<{ type: string; config: Record<string, unknown> }>;
  steps: Array<{ id: string; action: string }>;
  runCount: number;
  lastRunAt: string | null;
}

describe("workflow definitions", () => {
  it("every tenant has the built-in workflows; runCount and lastRunAt follow its own runs", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const res = await call("GET", "/v1/workflows", { key: t.key });
    expect(res.status).toBe(200);
    const list = await json<{ data: Workflow[]; total: number }>(res);
    expect(list.data.map((w) => w.id)).toEqual(["bhi-refresh", "risk-review", "monthly-reports"]);
    expect(list.total).toBe(3);
    expect(list.data.every((w) => w.status === "active" && w.runCount === 0 && w.lastRunAt === null)).toBe(
      true,
    );

    const c = await insertCustomer(t);
    const started = await trigger(t, "bhi-refresh", { customerId: c.id });
    expect(started.status).toBe(202);
    const got = await json<{ workflow: Workflow }>(
      await call("GET", "/v1/workflows/bhi-refresh", { key: t.key }),
    );
    expect(got.workflow.runCount).toBe(1);
    expect(got.workflow.lastRunAt).not.toBeNull();
    expect(got.workflow.steps.map((s) => s.action)).toEqual(["bhi.calculate", "nba.generate_declining"]);
    expect(got.workflow.triggers).toContainEqual({
      type: "cron",
      config: { schedule: "0 2 * * *", timezone: "UTC" },
    });
    const theirs = await json<{ workflow: Workflow }>(
      await call("GET", "/v1/workflows/bhi-refresh", { key: other.key }),
    );
    expect(theirs.workflow.runCount).toBe(0);
    await waitForRun(t, (await json<{ runId: string }>(started)).runId);
  });

  it("an unknown workflow id is 404 not_found; /v1/workflows/runs is the runs list, not a workflow", async () => {
    const t = await createTenant();
    const got = await call("GET", "/v1/workflows/no-such-flow", { key: t.key });
    expect(got.status).toBe(404);
    expect((await json<{ error: { code: string } }>(got)).error.code).toBe("not_found");
    expect((await trigger(t, "no-such-flow", {})).status).toBe(404);
    const runs = await call("GET", "/v1/workflows/runs", { key: t.key });
    expect(runs.status).toBe(200);
    expect(await json(runs)).toMatchObject({ success: true, data: [], total: 0 });
  });
});

describe("POST /v1/workflows/{workflowId}/trigger", () => {
  it("validates the customer: risk-review needs one; absent or foreign customers are 404", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const foreign = await insertCustomer(other);
    expect((await trigger(t, "risk-review", {})).status).toBe(400);
    expect((await trigger(t, "risk-review")).status).toBe(400);
    expect((await trigger(t, "risk-review", { customerId: foreign.id })).status).toBe(404);
    expect((await trigger(t, "risk-review", { input: { customerId: crypto.randomUUID() } })).status).toBe(
      404,
    );
    expect((await trigger(t, "risk-review", { customerId: "x" })).status).toBe(400);
    const mine = await insertCustomer(t);
    expect(
      (await trigger(t, "risk-review", { customerId: mine.id, input: { customerId: foreign.id } })).status,
    ).toBe(400);
    const reader = await createKey(t.id, ["workflows:read"]);
    const refused = await call("POST", "/v1/workflows/risk-review/trigger", {
      key: reader.key,
      body: { customerId: mine.id },
    });
    expect(refused.status).toBe(403);
    // Nothing was started by refused requests.
    expect(
      (await json<{ total: number }>(await call("GET", "/v1/workflows/runs", { key: t.key }))).total,
    ).toBe(0);
  });

  it("bhi-refresh runs on the jobs queue: BHI recalculated, NBA for a declining customer, workflow.completed", async () => {
    const t = await createTenant();
    const { customer, account } = await seedHealthyCustomer(t);
    await calculate(t, { customerId: customer.id });
    await worsen(t, { id: account.id!, customerId: customer.id! });
    // A loan whose only installment fell due 40 days ago: NBA offers a restructure only with a loan in arrears.
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const loan = await call("POST", "/v1/ingest/loans", {
      key: t.key,
      body: [
        {
          externalId: "L1",
          externalSource: "core",
          customerId: customer.id,
          product: "micro",
          principal: "500.00",
          interestRate: "24",
          termCount: 1,
          disbursementDate: daysAgo(70),
          currency: "GHS",
          schedule: [{ dueDate: daysAgo(40), principal: "500.00" }],
        },
      ],
    });
    expect(await json(loan)).toMatchObject({ recordsWritten: 1, errors: [] });

    const res = await trigger(t, "bhi-refresh", { input: { customerId: customer.id } });
    expect(res.status).toBe(202);
    const started = await json<{ runId: string; status: string; message: string }>(res);
    expect(started.status).toBe("pending");
    expect(started.message).toContain("bhi-refresh");

    const run = await waitForRun(t, started.runId);
    expect(run.status).toBe("succeeded");
    expect(run.error).toBeNull();
    expect(run.triggeredBy).toMatch(/^api:/);
    expect(run.steps.map((s) => [s.id, s.status])).toEqual([
      ["calculate-bhi", "succeeded"],
      ["nba-declining", "succeeded"],
    ]);
    for (const s of run.steps) {
      expect(Date.parse(s.completedAt!)).toBeGreaterThanOrEqual(Date.parse(s.startedAt!));
    }
    expect(run.duration).toMatch(/^\d+\.\d{3}s$/);
    expect(run.output["calculate-bhi"]).toMatchObject({ total: 1, successful: 1, failed: 0 });

    // 100.00 then 45.00 (test/bhi/seed.ts): the recalculated BHI is declining.
    const bhi = await json<{ bhi: { trend: string } }>(
      await call("GET", `/v1/bhi/${customer.id}`, { key: t.key }),
    );
    expect(bhi.bhi.trend).toBe("declining");
    const events = await outboxOf(t);
    expect(run.output["nba-declining"]).toMatchObject({ declining: 1, customers: 1 });
    const nba = events.filter((e) => e.type === "nba.generated");
    expect(nba.map((e) => e.data.customerId)).toEqual([customer.id]);
    expect((nba[0].data.actions as Array<{ actionType: string }>).map((a) => a.actionType)).toContain(
      "restructure_offer",
    );
    const done = events.filter((e) => e.type === "workflow.completed");
    expect(done.map((e) => e.data)).toEqual([
      {
        runId: run.id,
        workflowId: "bhi-refresh",
        workflowName: run.workflowName,
        status: "succeeded",
        duration: run.duration,
      },
    ]);
  });

  it("a step failure fails the run with its error, later steps skipped, and records workflow.failed", async () => {
    const t = await createTenant();
    const c = await insertCustomer(t); // no BHI record: the PDF report step answers not found
    const { runId } = await json<{ runId: string }>(
      await trigger(t, "monthly-reports", { customerId: c.id }),
    );
    const run = await waitForRun(t, runId);
    expect(run.status).toBe("failed");
    expect(run.steps[0]).toMatchObject({ id: "pdf-reports", status: "failed" });
    expect(run.steps[0].error).toMatch(/not found/i);
    expect(run.error).toContain("pdf-reports");
    const failed = (await outboxOf(t)).filter((e) => e.type === "workflow.failed");
    expect(failed.map((e) => e.data)).toEqual([
      {
        runId,
        workflowId: "monthly-reports",
        workflowName: run.workflowName,
        status: "failed",
        duration: run.duration,
        error: run.error,
      },
    ]);
  });
});

describe("GET /v1/workflows/runs", () => {
  it("lists newest first with filters and paging; another tenant's run is 404", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const c = await insertCustomer(t);
    const ids: string[] = [];
    for (const wf of ["bhi-refresh", "risk-review", "bhi-refresh"]) {
      ids.push((await json<{ runId: string }>(await trigger(t, wf, { customerId: c.id }))).runId);
    }
    const runs = await Promise.all(ids.map((id) => waitForRun(t, id)));
    const list = await json<{ data: Run[]; total: number; hasMore: boolean }>(
      await call("GET", "/v1/workflows/runs?limit=2", { key: t.key }),
    );
    expect(list.total).toBe(3);
    expect(list.hasMore).toBe(true);
    expect(list.data.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const refresh = await json<{ data: Run[]; total: number }>(
      await call("GET", "/v1/workflows/runs?workflowId=bhi-refresh", { key: t.key }),
    );
    expect(refresh.data.map((r) => r.id)).toEqual([ids[2], ids[0]]);
    const byStatus = await json<{ total: number }>(
      await call(`GET`, `/v1/workflows/runs?status=${runs[1].status}&workflowId=risk-review`, { key: t.key }),
    );
    expect(byStatus.total).toBe(1);
    expect((await call("GET", "/v1/workflows/runs?status=done", { key: t.key })).status).toBe(400);
    expect((await call("GET", "/v1/workflows/runs?limit=501", { key: t.key })).status).toBe(400);
    expect((await call("GET", `/v1/workflows/runs/${ids[0]}`, { key: other.key })).status).toBe(404);
    expect((await getRun(t, ids[0])).id).toBe(ids[0]);
  });

  it("risk-review evaluates fraud and AML (dry run) for the customer", async () => {
    const t = await createTenant();
    const { customer } = await seedHealthyCustomer(t);
    const { runId } = await json<{ runId: string }>(
      await trigger(t, "risk-review", { customerId: customer.id }),
    );
    const run = await waitForRun(t, runId);
    expect(run.status).toBe("succeeded");
    expect(run.output["fraud-evaluate"]).toHaveProperty("overallScore");
    expect(run.output["aml-dry-run"]).toHaveProperty("totalTriggered");
    // A dry run opens no AML case.
    const cases = await json<{ pagination: { total: number } }>(
      await call("GET", "/v1/kyc-aml/cases", { key: t.key }),
    );
    expect(cases.pagination.total).toBe(0);
  });
});
