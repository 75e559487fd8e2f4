import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { cronTasks } from "../../src/jobs/registry";
import { amlSlaSweepTask } from "../../src/modules/aml/casework/jobs";
import { DEFAULT_CASE_SLA, type SlaLevel } from "../../src/modules/cases/domain/work";
import { fraudSlaSweepTask } from "../../src/modules/fraud/casework/jobs";
import { createKey, createTenant, insertCustomer, json, shardRows, type TestTenant } from "../harness";
import { aml, fraud, type Kind, listIds, moveDueAt, outboxOf, post, setSettings } from "./helpers";

const HOUR = 3_600_000;
const sweeps = { fraud: fraudSlaSweepTask, aml: amlSlaSweepTask };

describe.each([fraud, aml])("$name case work", (kind: Kind) => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await createTenant({ name: `case work ${kind.name}`, shard: 0 });
  });

  it("assignment is logged and projected; assignedTo and unassigned filter the list", async () => {
    const [a, b, c] = [await kind.open(t), await kind.open(t), await kind.open(t)];
    const assign = (id: string, assigneeId: string | null) =>
      post(t, `${kind.base}/${id}/assignment`, {
        assigneeId,
        ...(assigneeId ? { assigneeName: `Name ${assigneeId}` } : {}),
        actorId: "lead-1",
      });
    expect((await assign(a.id, "ana")).status).toBe(200);
    expect((await assign(b.id, "ben")).status).toBe(200);
    expect((await assign(b.id, "ana")).status).toBe(200); // reassign
    expect((await assign(c.id, "ben")).status).toBe(200);
    expect((await assign(c.id, null)).status).toBe(200); // unassign
    expect((await assign(c.id, null)).status).toBe(409); // nothing to remove
    expect((await kind.get(t, b.id)).assignee).toEqual({ id: "ana", name: "Name ana" });
    expect((await kind.get(t, c.id)).assignee).toBeNull();
    // Expected sets derived from what was done: ana holds a and b (reassigned); ben holds none.
    expect(await listIds(t, kind, "assignedTo=ana")).toEqual([a.id, b.id].sort());
    expect(await listIds(t, kind, "assignedTo=ben")).toEqual([]);
    const unassigned = await listIds(t, kind, "unassigned=true");
    expect(unassigned).toContain(c.id);
    expect(unassigned).not.toContain(a.id);
    expect((await kind.log(t, b.id)).map((e) => e.type).filter((x) => x.includes("assign"))).toEqual([
      "assigned",
      "assigned",
    ]);
    expect((await kind.log(t, c.id)).map((e) => e.type).slice(-2)).toEqual(["assigned", "unassigned"]);
    expect(await kind.chainValid(t, c.id)).toBe(true);
  });

  it("tags are added and removed one entry each, filter the list, and 409 when nothing changes", async () => {
    const [a, b] = [await kind.open(t), await kind.open(t)];
    expect(
      (await post(t, `${kind.base}/${a.id}/tags`, { add: ["mule", "urgent"], actorId: "ana" })).status,
    ).toBe(200);
    expect((await post(t, `${kind.base}/${b.id}/tags`, { add: ["mule"], actorId: "ana" })).status).toBe(200);
    const removed = await post(t, `${kind.base}/${a.id}/tags`, { remove: ["urgent"], actorId: "ana" });
    expect((await json<{ case: { tags: string[] } }>(removed)).case.tags).toEqual(["mule"]);
    expect((await post(t, `${kind.base}/${a.id}/tags`, { add: ["mule"], actorId: "ana" })).status).toBe(409);
    const bad = await post(t, `${kind.base}/${a.id}/tags`, { add: ["Not A Tag"], actorId: "ana" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("add.0");
    expect(await listIds(t, kind, "tag=mule")).toEqual([a.id, b.id].sort());
    expect(await listIds(t, kind, "tag=urgent")).toEqual([]);
    expect((await kind.log(t, a.id)).map((e) => e.type).slice(-3)).toEqual([
      "tag_added",
      "tag_added",
      "tag_removed",
    ]);
    expect(await kind.chainValid(t, a.id)).toBe(true);
  });

  it("a tag holds no personal data: a number or a customer's name is a 400 naming add; labels pass", async () => {
    await insertCustomer(t, { name: "Kwame Asante Mensah", email: null });
    const c = await kind.open(t);
    for (const tag of ["0248706383", "024-870-6383", "kwame-asante-mensah", "kwame.asante.mensah"]) {
      const res = await post(t, `${kind.base}/${c.id}/tags`, { add: [tag], actorId: "ana" });
      expect(res.status, tag).toBe(400);
      expect(JSON.stringify(await res.json()), tag).toMatch(/"add(\.0)?"/);
    }
    expect(
      (await post(t, `${kind.base}/${c.id}/tags`, { add: ["mule-network", "q1-2026"], actorId: "ana" }))
        .status,
    ).toBe(200);
    expect(await kind.chainValid(t, c.id)).toBe(true);
  });

  it("dueAt comes from the tenant's SLA for the kind and level; the breach is recorded once per due date", async () => {
    const opened = await kind.open(t);
    const level = opened.riskLevel as SlaLevel;
    const hours = DEFAULT_CASE_SLA[kind.name][level];
    expect(Date.parse(opened.dueAt!) - Date.parse(opened.createdAt)).toBe(hours * HOUR);
    // A run records at most SLA_SWEEP_LIMIT breaches per shard, oldest due first, and other files'
    // cases share this storage: the case is made the oldest due, so the first run due reaches it.
    const dueAt = "2001-01-01T00:00:00.000Z";
    await moveDueAt(t, kind, opened.id, dueAt);
    const before = await outboxOf(t, "case.sla_breached");
    await sweeps[kind.name](env, new Date(Date.parse(dueAt) - 60_000)); // not yet due
    expect(await outboxOf(t, "case.sla_breached")).toHaveLength(before.length);
    const breachesOf = async () =>
      (await outboxOf(t, "case.sla_breached")).filter((e) => JSON.parse(e.data).caseId === opened.id);
    await sweeps[kind.name](env, new Date(Date.parse(dueAt) + 60_000));
    await sweeps[kind.name](env, new Date(Date.parse(dueAt) + 120_000)); // a later run: nothing new
    const events = await breachesOf();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0].data)).toMatchObject({ caseId: opened.id, kind: kind.name, dueAt });
    expect((await kind.log(t, opened.id)).filter((e) => e.type === "sla_breached")).toHaveLength(1);
    expect((await kind.get(t, opened.id)).slaBreachedDueAt).toBe(dueAt);
    expect(await kind.chainValid(t, opened.id)).toBe(true);
    expect(cronTasks["* * * * *"]).toContain(sweeps[kind.name]);
  });

  it("overdue lists open cases past their due date", async () => {
    const late = await kind.open(t);
    const onTime = await kind.open(t);
    await moveDueAt(t, kind, late.id, new Date(Date.now() - HOUR).toISOString());
    const overdue = await listIds(t, kind, "overdue=true");
    expect(overdue).toContain(late.id);
    expect(overdue).not.toContain(onTime.id);
    expect((await kind.get(t, late.id)).overdue).toBe(true);
  });

  it("a close takes an outcome label (default from the status; a contradicting one is a 400)", async () => {
    const c = await kind.open(t);
    const wrong = await kind.closeAs(t, c.id, "ana", "confirmed");
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain("outcome");
    expect((await kind.closeAs(t, c.id, "ana")).status).toBeLessThan(300);
    expect((await kind.get(t, c.id)).outcome).toBe("false_positive");
  });

  it("another tenant's case is a 404 on every case-work operation", async () => {
    const other = await createTenant({ name: "other", shard: 0 });
    const c = await kind.open(t);
    for (const [path, body] of [
      ["assignment", { assigneeId: "x", actorId: "y" }],
      ["tags", { add: ["a"], actorId: "y" }],
      ["close-request/confirm", { actorId: "y" }],
      ["close-request/reject", { actorId: "y" }],
    ] as const)
      expect((await post(other, `${kind.base}/${c.id}/${path}`, body)).status).toBe(404);
  });

  it("maker-checker: a close is requested, the requester cannot confirm it, another actor can", async () => {
    const mc = await createTenant({ name: `maker-checker ${kind.name}`, shard: 0 });
    expect((await setSettings(mc, { caseCloseRequiresSecondActor: true })).status).toBe(200);
    const c = await kind.open(mc);
    expect((await kind.closeAs(mc, c.id, "ana", "false_positive")).status).toBeLessThan(300);
    const pending = await kind.get(mc, c.id);
    expect(pending.status).toBe(c.status);
    expect(pending.closeRequest).toMatchObject({
      toStatus: kind.close,
      outcome: "false_positive",
      actorId: "ana",
    });
    const self = await post(mc, `${kind.base}/${c.id}/close-request/confirm`, { actorId: "ana" });
    expect(self.status).toBe(409);
    const refused = (
      await json<{ error: { code: string; details?: { path: string; code?: string }[] } }>(self)
    ).error;
    expect(refused.code).toBe("conflict");
    expect(refused.details).toContainEqual(
      expect.objectContaining({ code: "second_actor_required", path: "actorId" }),
    );
    // One integration key is one principal: another actorId through it is still the requester (issue 37).
    const sameKey = await post(mc, `${kind.base}/${c.id}/close-request/confirm`, { actorId: "ben" });
    expect(sameKey.status).toBe(409);
    const second = await createKey(mc.id, ["fraud:read", "fraud:write", "aml:read", "aml:write"]);
    const checker = { ...mc, key: second.key, keyId: second.id };
    expect(
      (await post(checker, `${kind.base}/${c.id}/close-request/confirm`, { actorId: "ben" })).status,
    ).toBe(200);
    const closed = await kind.get(mc, c.id);
    expect([closed.status, closed.outcome, closed.closeRequest]).toEqual([
      kind.close,
      "false_positive",
      null,
    ]);
    expect((await post(mc, `${kind.base}/${c.id}/close-request/confirm`, { actorId: "ben" })).status).toBe(
      409,
    );
    // A rejected request leaves the case open.
    const d = await kind.open(mc);
    await kind.closeAs(mc, d.id, "ana");
    expect(
      (await post(mc, `${kind.base}/${d.id}/close-request/reject`, { actorId: "ben", note: "not yet" }))
        .status,
    ).toBe(200);
    expect((await kind.get(mc, d.id)).closeRequest).toBeNull();
    expect((await kind.log(mc, d.id)).map((e) => e.type).slice(-2)).toEqual([
      "close_requested",
      "close_rejected",
    ]);
    expect(await kind.chainValid(mc, c.id)).toBe(true);
    expect(await kind.chainValid(mc, d.id)).toBe(true);
  });
});

describe("settings and AML-only features", () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await createTenant({ name: "case work settings", shard: 0 });
  });

  it("caseSla is validated (400 naming the field) and applied at open", async () => {
    const bad = await setSettings(t, { caseSla: { fraud: { high: 0 } } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("settings.caseSla.fraud.high");
    expect((await setSettings(t, { caseSla: { fraud: { high: 10 } } })).status).toBe(200);
    const c = await fraud.open(t, "high");
    expect(Date.parse(c.dueAt!) - Date.parse(c.createdAt)).toBe(10 * HOUR);
  });

  it("escalating an AML case starts the 24-hour STR clock: dueAt = min(current, escalation + 24 h)", async () => {
    const c = await aml.open(t);
    expect(c.strDueAt).toBeNull();
    const before = Date.now();
    const res = await post(t, `/v1/kyc-aml/cases/${c.id}/transition`, {
      toStatus: "escalated",
      actorId: "mlro",
    });
    expect(res.status).toBe(200);
    const after = await aml.get(t, c.id);
    const str = Date.parse(after.strDueAt!);
    expect(str).toBeGreaterThanOrEqual(before + 24 * HOUR);
    expect(str).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    expect(after.dueAt).toBe(new Date(Math.min(Date.parse(c.dueAt!), str)).toISOString());
    // With an SLA shorter than 24 h the earlier due date stays.
    await setSettings(t, { caseSla: { aml: { low: 2, medium: 2, high: 2, critical: 2 } } });
    const short = await aml.open(t);
    await post(t, `/v1/kyc-aml/cases/${short.id}/transition`, { toStatus: "escalated", actorId: "mlro" });
    const shortAfter = await aml.get(t, short.id);
    expect(shortAfter.dueAt).toBe(short.dueAt);
    expect(shortAfter.strDueAt).not.toBeNull();
    expect(await aml.chainValid(t, c.id)).toBe(true);
  });

  it("AML notes go into the history without moving the status", async () => {
    const c = await aml.open(t);
    const res = await post(t, `/v1/kyc-aml/cases/${c.id}/notes`, {
      content: "Called the branch",
      actorId: "ana",
    });
    expect(res.status).toBe(200);
    const after = await aml.get(t, c.id);
    expect(after.status).toBe(c.status);
    expect((await aml.log(t, c.id)).at(-1)).toEqual({ type: "note_added", actorId: "ana" });
    expect(await aml.chainValid(t, c.id)).toBe(true);
    const blank = await post(t, `/v1/kyc-aml/cases/${c.id}/notes`, { content: " ", actorId: "ana" });
    expect(blank.status).toBe(400);
  });
});

describe("indexes", () => {
  it("the sweep reads only the partial SLA index; the filters use tenant-first indexes", async () => {
    const t = await createTenant({ name: "plans", shard: 0 });
    const plan = async (q: string, ...p: unknown[]) =>
      (await shardRows<{ detail: string }>(t, `EXPLAIN QUERY PLAN ${q}`, ...p))
        .map((r) => r.detail)
        .join(" | ");
    expect(
      await plan(
        `SELECT case_id FROM fraud_case_heads WHERE due_at IS NOT NULL AND sla_breached_due_at IS NOT due_at
         AND current_status NOT LIKE 'closed_%' AND due_at <= ?1 ORDER BY due_at LIMIT 20`,
        "2026-01-01",
      ),
    ).toContain("fraud_case_heads_sla_idx");
    expect(
      await plan(
        `SELECT id FROM aml_cases WHERE due_at IS NOT NULL AND sla_breached_due_at IS NOT due_at
         AND status NOT IN ('closed_false_positive', 'closed_no_action', 'closed_reported') AND due_at <= ?1 ORDER BY due_at LIMIT 20`,
        "2026-01-01",
      ),
    ).toContain("aml_cases_sla_idx");
    expect(
      await plan("SELECT id FROM aml_cases WHERE tenant_id = ?1 AND assignee_id = ?2", t.id, "ana"),
    ).toContain("aml_cases_assignee_idx");
    expect(
      await plan("SELECT case_id FROM fraud_case_tags WHERE tenant_id = ?1 AND tag = ?2", t.id, "x"),
    ).toMatch(/PRIMARY KEY|sqlite_autoindex/);
  });
});
