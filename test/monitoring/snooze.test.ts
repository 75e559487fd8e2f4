import { beforeAll, describe, expect, it } from "vitest";
import { evaluate as evaluateFraud } from "../../src/modules/fraud/evaluation/service";
import { ago, customerWith } from "../aml/helpers";
import { daysAgo } from "../fraud/helpers";
import {
  call,
  createKey,
  createTenant,
  insertAccount,
  insertCustomer,
  insertTransactions,
  json,
  type TestTenant,
} from "../harness";
import { contextFor, manualClock } from "../webhooks/helpers";

/** Issue 15: per-rule snooze per entity from a fraud or AML case. */
interface Snooze {
  ruleId: string;
  entityType: string;
  entityId: string;
  until: string;
  reason: string;
  caseId: string;
  listId: string;
  entryId: string;
  active: boolean;
}
interface FraudAlert {
  triggeredSignals: Array<{ signalId: string }>;
  suppressedSignals: Array<{ signalId: string; suppressedBy: string }>;
}

const inMinutes = (m: number, from = Date.now()) => new Date(from + m * 60_000).toISOString();
const fired = (a: FraudAlert) => a.triggeredSignals.map((s) => s.signalId);

/** Three amounts just under 50,000.00 and a burst of 22 transactions this week (velocity_count fires). */
async function suspicious(t: TestTenant) {
  const customer = await insertCustomer(t);
  const account = await insertAccount(t, customer.id!);
  await insertTransactions(t, { id: account.id!, customerId: customer.id! }, [
    ...[4_990_000, 4_800_000, 4_650_000].map((amountMinor, i) => ({
      amountMinor,
      transactionDate: daysAgo(i * 3 + 1),
    })),
    ...Array.from({ length: 22 }, (_, i) => ({ amountMinor: 12_345 + i, transactionDate: daysAgo(i % 5) })),
  ]);
  return customer.id!;
}

const fraudEvaluate = async (t: TestTenant, entityId: string) => {
  const res = await call("POST", "/v1/fraud/evaluate", {
    key: t.key,
    body: { entityType: "customer", entityId },
  });
  expect(res.status).toBe(200);
  return (await json<{ alert: FraudAlert }>(res)).alert;
};

const snooze = (t: TestTenant, path: string, body: Record<string, unknown>, key = t.key) =>
  call("POST", path, { key, body });

const detailPaths = async (res: Response) =>
  (await json<{ error: { details: Array<{ path: string }> } }>(res)).error.details.map((d) => d.path);

describe("fraud case snoozes", () => {
  let t: TestTenant;
  let entity: string;
  let caseId: string;
  let path: string;

  beforeAll(async () => {
    t = await createTenant({ name: "Fraud snoozes", shard: 0 });
    entity = await suspicious(t);
    const res = await call("POST", "/v1/fraud/evaluate-and-create", {
      key: t.key,
      body: { entityType: "customer", entityId: entity, createCaseThreshold: 1 },
    });
    const body = await json<{ case: { id: string; triggeredSignals: Array<{ signalId: string }> } }>(res);
    caseId = body.case.id;
    expect(body.case.triggeredSignals.map((s) => s.signalId)).toContain("velocity_count");
    path = `/v1/fraud/cases/${caseId}/snoozes`;
  });

  it("silences the rule for the case's entity only, records it in the case log and keeps the chain valid", async () => {
    expect(fired(await fraudEvaluate(t, entity))).toContain("velocity_count");
    const until = inMinutes(10);
    const res = await snooze(t, path, {
      ruleId: "velocity_count",
      until,
      reason: "Known payroll burst",
      actorId: "analyst-7",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await json<{
      snooze: Snooze;
      event: { eventType: string; noteContent: string; actorId: string };
    }>(res);
    expect(body.snooze).toMatchObject({
      ruleId: "velocity_count",
      entityType: "customer",
      entityId: entity,
      until,
      reason: "Known payroll burst",
      caseId,
      active: true,
    });
    expect(body.event).toMatchObject({ eventType: "rule_snoozed", actorId: "analyst-7" });
    expect(body.event.noteContent).toContain("velocity_count");

    const after = await fraudEvaluate(t, entity);
    expect(fired(after)).not.toContain("velocity_count");
    expect(after.suppressedSignals).toContainEqual(
      expect.objectContaining({ signalId: "velocity_count", suppressedBy: "allowlist" }),
    );
    // Another entity with the same pattern still fires it.
    expect(fired(await fraudEvaluate(t, await suspicious(t)))).toContain("velocity_count");

    const events = await json<{ case: { events: Array<{ eventType: string }> } }>(
      await call("GET", `/v1/fraud/cases/${caseId}`, { key: t.key }),
    );
    expect(events.case.events.at(-1)!.eventType).toBe("rule_snoozed");
    const verify = await json<{ valid: boolean; eventCount: number }>(
      await call("GET", `/v1/fraud/cases/${caseId}/verify`, { key: t.key }),
    );
    expect(verify).toMatchObject({ valid: true, eventCount: events.case.events.length });

    // The snooze ends at `until`: just before, still suppressed; after, the rule fires again.
    const ctx = await contextFor(t, manualClock(new Date(Date.parse(until) - 1_000)));
    const input = { entityType: "customer" as const, entityId: entity, windowDays: 30 };
    expect(fired((await evaluateFraud(ctx, input)) as FraudAlert)).not.toContain("velocity_count");
    const later = await contextFor(t, manualClock(new Date(Date.parse(until) + 1_000)));
    expect(fired((await evaluateFraud(later, input)) as FraudAlert)).toContain("velocity_count");
  });

  it("lists the case's snoozes; a second snooze of the same rule replaces the first", async () => {
    const until = inMinutes(60 * 24 * 30);
    expect((await snooze(t, path, { ruleId: "velocity_count", until, reason: "Extended" })).status).toBe(201);
    expect(
      (await snooze(t, path, { ruleId: "just_under_threshold", until, reason: "Reviewed" })).status,
    ).toBe(201);
    const list = await json<{ snoozes: Snooze[] }>(await call("GET", path, { key: t.key }));
    expect(list.snoozes.map((s) => [s.ruleId, s.until, s.active]).sort()).toEqual([
      ["just_under_threshold", until, true],
      ["velocity_count", until, true],
    ]);
    const audit = await json<{ data: Array<{ target: { id: string } }> }>(
      await call("GET", "/v1/audit-log?action=case.rule_snoozed&limit=500", { key: t.key }),
    );
    expect(audit.data.filter((a) => a.target.id === caseId)).toHaveLength(3);
  });

  it("shows the system list in GET /v1/lists and refuses changes to it through the lists API", async () => {
    const lists = await json<{ data: Array<{ listId: string; name: string; kind: string }> }>(
      await call("GET", "/v1/lists?kind=allowlist", { key: t.key }),
    );
    const system = lists.data.find((l) => l.name === "Case snoozes")!;
    expect(system).toMatchObject({ kind: "allowlist" });
    const snoozes = await json<{ snoozes: Snooze[] }>(await call("GET", path, { key: t.key }));
    expect(snoozes.snoozes[0].listId).toBe(system.listId);
    const add = await call("POST", `/v1/lists/${system.listId}/entries`, {
      key: t.key,
      body: { entries: [{ entityType: "customer", entityId: entity, expiresAt: inMinutes(60) }] },
    });
    expect(add.status).toBe(409);
    expect((await call("DELETE", `/v1/lists/${system.listId}`, { key: t.key })).status).toBe(409);
    const entry = snoozes.snoozes[0].entryId;
    expect((await call("DELETE", `/v1/lists/${system.listId}/entries/${entry}`, { key: t.key })).status).toBe(
      409,
    );
  });

  it("a closed case may still snooze", async () => {
    const closed = await call("POST", `/v1/fraud/cases/${caseId}/status`, {
      key: t.key,
      body: { newStatus: "closed_cleared", actorId: "analyst-7" },
    });
    expect(closed.status, await closed.clone().text()).toBe(200);
    const res = await snooze(t, path, {
      ruleId: "velocity_count",
      until: inMinutes(90),
      reason: "Closed as cleared",
    });
    expect(res.status).toBe(201);
  });

  it.each([
    [{ ruleId: "no_such_rule", until: inMinutes(60), reason: "x" }, "ruleId"],
    [{ ruleId: "velocity_count", until: inMinutes(-1), reason: "x" }, "until"],
    [{ ruleId: "velocity_count", until: inMinutes(60 * 24 * 366), reason: "x" }, "until"],
    [{ ruleId: "velocity_count", until: "tomorrow", reason: "x" }, "until"],
    [{ ruleId: "velocity_count", until: inMinutes(60) }, "reason"],
    [{ ruleId: "velocity_count", until: inMinutes(60), reason: "x", entityId: "other" }, ""],
  ])("refuses %j with a 400 naming %s, writing nothing", async (body, field) => {
    const before = await json<{ snoozes: Snooze[] }>(await call("GET", path, { key: t.key }));
    const res = await snooze(t, path, body);
    expect(res.status).toBe(400);
    if (field) expect(await detailPaths(res)).toContain(field);
    const after = await json<{ snoozes: Snooze[] }>(await call("GET", path, { key: t.key }));
    expect(after.snoozes).toEqual(before.snoozes);
  });

  it("another tenant's case is a 404; a read-only key is refused", async () => {
    const other = await createTenant({ name: "Snoozes, other tenant", shard: 0 });
    const body = { ruleId: "velocity_count", until: inMinutes(60), reason: "x" };
    expect((await snooze(other, path, body)).status).toBe(404);
    expect((await call("GET", path, { key: other.key })).status).toBe(404);
    const reader = await createKey(t.id, ["fraud:read"]);
    expect((await snooze(t, path, body, reader.key)).status).toBe(403);
  });
});

describe("AML case snoozes", () => {
  it("silences the case's rule for its entity, records it in the history with a valid chain", async () => {
    const t = await createTenant({ name: "AML snoozes", shard: 1 });
    const txs = [
      { amountMinor: 6_000_000, transactionDate: ago(1), channel: "cash" },
      { amountMinor: 7_000_000, transactionDate: ago(2), channel: "cash" },
    ];
    const c = await customerWith(t, txs);
    const other = await customerWith(t, txs);
    const run = async (entityId: string, dryRun = true) => {
      const res = await call("POST", "/v1/kyc-aml/evaluate", {
        key: t.key,
        body: { entityType: "customer", entityId, dryRun },
      });
      expect(res.status).toBe(200);
      return (
        await json<{
          result: {
            triggeredRules: Array<{ ruleId: string; triggered: boolean }>;
            suppressedRules: Array<{ ruleId: string; suppressedBy: string }>;
            cases: Array<{ caseId: string; ruleId: string }>;
          };
        }>(res)
      ).result;
    };
    const firedRules = (r: Awaited<ReturnType<typeof run>>) =>
      r.triggeredRules.filter((o) => o.triggered).map((o) => o.ruleId);
    const opened = await run(c.customerId, false);
    const caseId = opened.cases.find((x) => x.ruleId === "AML-LCT-001")!.caseId;
    const path = `/v1/kyc-aml/cases/${caseId}/snoozes`;

    const wrong = await call("POST", path, {
      key: t.key,
      body: { ruleId: "AML-VEL-004", until: inMinutes(60), reason: "x" },
    });
    expect(wrong.status).toBe(400);
    expect(await detailPaths(wrong)).toContain("ruleId");

    const until = inMinutes(60 * 24 * 7);
    const res = await call("POST", path, {
      key: t.key,
      body: { ruleId: "AML-LCT-001", until, reason: "Cash business, documented", actorId: "mlro" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await json<{ snooze: Snooze; event: { eventType: string; note: string; toStatus: string } }>(
      res,
    );
    expect(body.snooze).toMatchObject({
      ruleId: "AML-LCT-001",
      entityId: c.customerId,
      until,
      caseId,
      active: true,
    });
    expect(body.event).toMatchObject({ eventType: "rule_snoozed", toStatus: "open" });

    const cleared = await run(c.customerId);
    expect(firedRules(cleared)).not.toContain("AML-LCT-001");
    expect(cleared.suppressedRules).toContainEqual(
      expect.objectContaining({ ruleId: "AML-LCT-001", suppressedBy: "allowlist" }),
    );
    expect(firedRules(await run(other.customerId))).toContain("AML-LCT-001");

    const got = await json<{ case: { chainValid: boolean; history: Array<{ eventType: string }> } }>(
      await call("GET", `/v1/kyc-aml/cases/${caseId}`, { key: t.key }),
    );
    expect(got.case.chainValid).toBe(true);
    expect(got.case.history.map((h) => h.eventType)).toEqual(["created", "rule_snoozed"]);
    // The stored expiry is what ends it (the lists' reads compare it with the clock).
    const listed = await json<{ snoozes: Snooze[] }>(await call("GET", path, { key: t.key }));
    expect(listed.snoozes).toEqual([expect.objectContaining({ ruleId: "AML-LCT-001", until, active: true })]);
  });
});
