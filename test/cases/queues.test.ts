import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { amlSlaSweepTask } from "../../src/modules/aml/casework/jobs";
import { queueIdsOf } from "../../src/modules/cases/queues/service";
import { fraudSlaSweepTask } from "../../src/modules/fraud/casework/jobs";
import { call, createKey, createTenant, json, shardRows, type TestTenant } from "../harness";
import { aml, fraud, outboxOf } from "./helpers";

interface Queue {
  id: string;
  name: string;
  priority: number;
}
interface QueueCase {
  kind: string;
  caseId: string;
  riskLevel: string;
  dueAt: string | null;
  overdue: boolean;
}
type ErrorBody = { error: { code: string; details?: Array<{ path: string }> } };

let t: TestTenant;
let other: TestTenant;
const queues: Record<string, Queue> = {};
const users: string[] = [];
beforeAll(async () => {
  t = await createTenant({ name: "queues", shard: 0 });
  other = await createTenant({ name: "queues other", shard: 0 });
  for (const name of ["Ama Analyst", "Kofi Analyst", "Esi Lead"]) {
    const res = await call("POST", "/v1/users", {
      key: t.key,
      body: { name, email: `${name.split(" ")[0]!.toLowerCase()}@bank.example`, roles: ["analyst"] },
    });
    expect(res.status).toBe(201);
    users.push((await json<{ user: { id: string } }>(res)).user.id);
  }
  const specs = [
    { name: "Critical", priority: 1, minRiskLevel: "critical" },
    { name: "Large cash", priority: 2, kinds: ["aml"], typologies: ["AML-LCT-001"] },
    { name: "Fraud desk", priority: 3, kinds: ["fraud"], members: [users[0], users[1]] },
  ];
  for (const body of specs) {
    const res = await call("POST", "/v1/case-queues", { key: t.key, body });
    expect(res.status).toBe(201);
    const { queue } = await json<{ queue: Queue }>(res);
    queues[queue.name] = queue;
  }
});

const queueCases = async (queueId: string, query = "") =>
  json<{ data: QueueCase[]; pagination: { total: number; nextCursor: string | null } }>(
    await call("GET", `/v1/case-queues/${queueId}/cases?${query}`, { key: t.key }),
  );
const stats = async (queueId: string) =>
  (
    await json<{ stats: { open: number; overdue: number; medianAgeHours: number | null } }>(
      await call("GET", `/v1/case-queues/${queueId}/stats`, { key: t.key }),
    )
  ).stats;

describe("team queues", () => {
  it("refuses bad input naming the field, and a second queue of one name", async () => {
    const bad = await call("POST", "/v1/case-queues", {
      key: t.key,
      body: { name: "x", priority: 1, minRiskLevel: "extreme" },
    });
    expect(bad.status).toBe(400);
    expect((await json<ErrorBody>(bad)).error.details?.[0].path).toBe("minRiskLevel");
    const dup = await call("POST", "/v1/case-queues", {
      key: t.key,
      body: { name: "Fraud desk", priority: 9 },
    });
    expect(dup.status).toBe(409);
    expect((await json<ErrorBody>(dup)).error.details?.[0].path).toBe("name");
  });

  it("routes new cases to the first matching queue by priority and lists them by due date", async () => {
    const critical = await fraud.open(t, "critical");
    const medium = await fraud.open(t, "medium");
    const high = await fraud.open(t, "high");
    const amlCase = await aml.open(t);
    const desk = await queueCases(queues["Fraud desk"].id);
    // Due = opening + SLA hours (high 8, medium 24): the high case is due first.
    expect(desk.data.map((c) => c.caseId)).toEqual([high.id, medium.id]);
    expect(desk.pagination.total).toBe(2);
    expect((await queueCases(queues.Critical.id)).data.map((c) => c.caseId)).toEqual([critical.id]);
    // A critical AML case meets the Critical queue first (priority 1).
    const amlQueue = amlCase.riskLevel === "critical" ? queues.Critical : queues["Large cash"];
    const inQueue = (await queueCases(amlQueue.id)).data;
    expect(inQueue.filter((c) => c.kind === "aml").map((c) => c.caseId)).toEqual([amlCase.id]);
    // The cases show their queue, on GET and in the lists.
    const shown = async (path: string) =>
      (await json<{ case: { queueId: string | null } }>(await call("GET", path, { key: t.key }))).case
        .queueId;
    expect(await shown(`/v1/fraud/cases/${high.id}`)).toBe(queues["Fraud desk"].id);
    expect(await shown(`/v1/kyc-aml/cases/${amlCase.id}`)).toBe(amlQueue.id);
    const listed = await json<{ data: Array<{ id: string; queueId: string | null }> }>(
      await call("GET", "/v1/fraud/cases?limit=10", { key: t.key }),
    );
    expect(listed.data.find((c) => c.id === critical.id)?.queueId).toBe(queues.Critical.id);
    const page = await queueCases(queues["Fraud desk"].id, "limit=1");
    expect(page.data.map((c) => c.caseId)).toEqual([high.id]);
    const next = await queueCases(
      queues["Fraud desk"].id,
      `limit=1&cursor=${encodeURIComponent(page.pagination.nextCursor ?? "")}`,
    );
    expect(next.data.map((c) => c.caseId)).toEqual([medium.id]);

    // Overdue and median age: move the medium case's due date and opening back 10 hours.
    const tenHoursAgo = new Date(Date.now() - 10 * 3_600_000).toISOString();
    await shardRows(
      t,
      "UPDATE fraud_case_heads SET due_at = ?1, created_at = ?1 WHERE tenant_id = ?2 AND case_id = ?3",
      tenHoursAgo,
      t.id,
      medium.id,
    );
    const figures = await stats(queues["Fraud desk"].id);
    expect(figures.open).toBe(2);
    expect(figures.overdue).toBe(1);
    // The two ages are ~10 h and ~0 h: their median is ~5 h.
    expect(figures.medianAgeHours).toBeGreaterThan(4.9);
    expect(figures.medianAgeHours).toBeLessThan(5.2);
    expect((await queueCases(queues["Fraud desk"].id)).data.map((c) => [c.caseId, c.overdue])).toEqual([
      [medium.id, true],
      [high.id, false],
    ]);

    // A closed case leaves the queue's list and figures.
    expect((await fraud.closeAs(t, high.id, "analyst-1")).status).toBeLessThan(300);
    expect((await queueCases(queues["Fraud desk"].id)).data.map((c) => c.caseId)).toEqual([medium.id]);
    expect((await stats(queues["Fraud desk"].id)).open).toBe(1);

    // The SLA breach events carry the queue.
    const breachOf = async (caseId: string) =>
      (await outboxOf(t, "case.sla_breached"))
        .map((e) => JSON.parse(e.data))
        .find((d) => d.caseId === caseId);
    for (let run = 0; run < 20 && !(await breachOf(critical.id)); run++)
      await fraudSlaSweepTask(env, new Date(Date.now() + 5 * 3_600_000));
    expect((await breachOf(critical.id))?.queueId).toBe(queues.Critical.id);
    // The sweep runs over every tenant of the shared test runtime a page at a time, marking what
    // it reports: later runs reach this tenant's case when others' open cases come first.
    for (let run = 0; run < 20 && !(await breachOf(amlCase.id)); run++)
      await amlSlaSweepTask(env, new Date(Date.now() + 400 * 86_400_000));
    expect((await breachOf(amlCase.id))?.queueId).toBe(amlQueue.id);

    // case.assigned names the queue, for both kinds; an unassignment sends none.
    const assigned = async (caseId: string) =>
      (await outboxOf(t, "case.assigned")).map((e) => JSON.parse(e.data)).filter((d) => d.caseId === caseId);
    for (const [base, id] of [
      ["/v1/fraud/cases", medium.id],
      ["/v1/kyc-aml/cases", amlCase.id],
    ]) {
      const res = await call("POST", `${base}/${id}/assignment`, {
        key: t.key,
        body: { assigneeId: "user-1", actorId: "lead-1" },
      });
      expect(res.status).toBe(200);
      const off = await call("POST", `${base}/${id}/assignment`, {
        key: t.key,
        body: { assigneeId: null, actorId: "lead-1" },
      });
      expect(off.status).toBe(200);
    }
    expect(await assigned(medium.id)).toEqual([
      expect.objectContaining({
        kind: "fraud",
        assigneeId: "user-1",
        actorId: "lead-1",
        queueId: queues["Fraud desk"].id,
      }),
    ]);
    expect(await assigned(amlCase.id)).toEqual([
      expect.objectContaining({ kind: "aml", assigneeId: "user-1", queueId: amlQueue.id }),
    ]);

    // A 500-case list page asks for 500 ids: read in chunks under D1's 100 bound values.
    const ctx = await loadTenantContext(env, t.id, "queues-test");
    const ids = [...Array.from({ length: 499 }, () => crypto.randomUUID()), medium.id];
    expect([...(await queueIdsOf(ctx, "fraud", ids))]).toEqual([[medium.id, queues["Fraud desk"].id]]);

    // A key without fraud:read sees the queue's AML cases only.
    const amlOnly = await createKey(t.id, ["aml:read"]);
    const seen = await json<{ data: QueueCase[] }>(
      await call("GET", `/v1/case-queues/${queues["Fraud desk"].id}/cases`, { key: amlOnly.key }),
    );
    expect(seen.data).toEqual([]);
  });

  it("updates and deletes with audit rows; another tenant's queue is a 404", async () => {
    const id = queues["Fraud desk"].id;
    const patched = await call("PATCH", `/v1/case-queues/${id}`, {
      key: t.key,
      body: { name: "Fraud team", members: [users[2]] },
    });
    expect(patched.status).toBe(200);
    expect((await json<{ queue: { name: string; members: string[] } }>(patched)).queue).toMatchObject({
      name: "Fraud team",
      members: [users[2]],
    });
    // Members are the tenant's users: an unknown id, or another tenant's user, is a 400 naming it.
    const stranger = await call("POST", "/v1/users", {
      key: other.key,
      body: { name: "Yaw Other", email: "yaw@other.example", roles: ["analyst"] },
    });
    const strangerId = (await json<{ user: { id: string } }>(stranger)).user.id;
    for (const [method, path] of [
      ["PATCH", `/v1/case-queues/${id}`],
      ["POST", "/v1/case-queues"],
    ] as const) {
      const refused = await call(method, path, {
        key: t.key,
        body: { name: "Members check", priority: 9, members: [users[0], "user-404", strangerId] },
      });
      expect(refused.status).toBe(400);
      expect((await json<ErrorBody>(refused)).error.details?.map((d) => d.path)).toEqual([
        "members.1",
        "members.2",
      ]);
    }
    expect((await call("GET", `/v1/case-queues/${id}`, { key: other.key })).status).toBe(404);
    expect((await call("DELETE", `/v1/case-queues/${id}`, { key: other.key })).status).toBe(404);
    const list = await json<{ data: Queue[] }>(await call("GET", "/v1/case-queues", { key: t.key }));
    expect(list.data.map((q) => q.priority)).toEqual([1, 2, 3]);
    expect((await call("DELETE", `/v1/case-queues/${id}`, { key: t.key })).status).toBe(200);
    expect((await call("GET", `/v1/case-queues/${id}`, { key: t.key })).status).toBe(404);
    expect(
      await shardRows(
        t,
        "SELECT case_id FROM case_queue_entries WHERE tenant_id = ?1 AND queue_id = ?2",
        t.id,
        id,
      ),
    ).toEqual([]);
    const audit = await shardRows<{ action: string }>(
      t,
      "SELECT action FROM tenant_audit_log WHERE tenant_id = ?1 AND target_id = ?2 ORDER BY rowid",
      t.id,
      id,
    );
    expect(audit.map((a) => a.action)).toEqual([
      "case_queue.created",
      "case_queue.updated",
      "case_queue.deleted",
    ]);
  });
});
