import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { drainPending } from "../../src/modules/monitoring/service";
import { ago, customerWith } from "../aml/helpers";
import { call, insertTransactions, json, shardRows } from "../harness";
import { eventually, manualClock, received, receiverUrl, subscribe } from "../webhooks/helpers";
import { alerts, eventsOf, pending, quietTenant, runScreenJob } from "./helpers";

const largeCash = () => [{ amountMinor: 6_000_000, transactionDate: ago(2), channel: "cash" }];

describe("outcomes", () => {
  it("an AML hit opens its subject's case; the next hit appends alert_added to it; events are recorded and delivered", async () => {
    const t = await quietTenant("Outcomes");
    const url = receiverUrl("ok");
    await subscribe(t, url, ["aml.case_opened"]);
    const { customerId, accountId } = await customerWith(t, largeCash());
    type Ref = { caseId: string; action: string };
    const refsOf = (a: { cases: string }) => JSON.parse(a.cases) as Ref[];

    await runScreenJob(t);
    const [first] = (await alerts(t, customerId)).filter((a) => a.kind === "aml");
    const [ofAccount] = (await alerts(t, accountId)).filter((a) => a.kind === "aml");
    expect(JSON.parse(first.rule_ids)).toContain("AML-LCT-001");
    expect(first.trigger).toBe("arrival");
    const firstCases = refsOf(first);
    expect(firstCases.length).toBeGreaterThan(0);
    // The customer and its account are one subject: both alerts name the same cases, each opened once.
    const ids = (refs: Ref[]) => refs.map((c) => c.caseId).sort();
    expect(ids(refsOf(ofAccount))).toEqual(ids(firstCases));
    for (const caseId of ids(firstCases))
      expect(
        [...firstCases, ...refsOf(ofAccount)]
          .filter((c) => c.caseId === caseId)
          .map((c) => c.action)
          .sort(),
      ).toEqual(["appended", "opened"]);
    const opened = (await eventsOf(t, "aml.case_opened")).map((e) => JSON.parse(e.data));
    expect(opened.map((e) => e.caseId).sort()).toEqual(ids(firstCases));
    expect(opened[0]).toMatchObject({ trigger: "arrival" });
    expect([customerId, accountId]).toContain(opened[0].entityId);

    await insertTransactions(t, { id: accountId, customerId }, largeCash());
    await runScreenJob(t);
    const second = (await alerts(t, customerId)).filter((a) => a.kind === "aml")[1];
    const secondCases = refsOf(second);
    expect(secondCases.map((c) => [c.caseId, c.action]).sort()).toEqual(
      firstCases.map((c) => [c.caseId, "appended"]).sort(),
    );
    // No second case, and the open one's history names the new alert.
    expect(await eventsOf(t, "aml.case_opened")).toHaveLength(opened.length);
    const caseId = firstCases[0].caseId;
    const { case: history } = await json<{
      case: { history: Array<{ eventType: string; note: string | null }> };
    }>(await call("GET", `/v1/kyc-aml/cases/${caseId}`, { key: t.key }));
    const types = history.history.map((h) => h.eventType);
    expect(types[0]).toBe("created");
    expect(types.slice(1).every((x) => x === "alert_added")).toBe(true);
    expect(history.history.some((h) => h.note?.includes(second.id))).toBe(true);

    const delivered = await eventually(
      () => received(url),
      (r) => r.length >= opened.length,
    );
    expect(delivered.map((r) => JSON.parse(r.body).type)).toContain("aml.case_opened");
  });

  it("a fraud alert at or above the threshold opens its subject's one case; a second hit appends alert_added to it", async () => {
    const t = await quietTenant("Fraud outcomes");
    // Many cash deposits just under the reporting threshold within days: structuring and velocity signals.
    const burst = (offsetDays: number) =>
      Array.from({ length: 12 }, (_, i) => ({
        amountMinor: 4_900_000 - i * 1000,
        transactionDate: ago(offsetDays, i),
        channel: "cash",
      }));
    const { customerId, accountId } = await customerWith(t, burst(1));
    await runScreenJob(t);
    const [fraud] = (await alerts(t, customerId)).filter((a) => a.kind === "fraud");
    const [ofAccount] = (await alerts(t, accountId)).filter((a) => a.kind === "fraud");
    expect(fraud, "the burst fires fraud signals").toBeDefined();
    expect(fraud.score).toBeGreaterThanOrEqual(30);
    // The customer and its account are one subject: one case, opened by one of their alerts.
    const [ref] = JSON.parse(fraud.cases) as Array<{ caseId: string; action: string }>;
    const [accountRef] = JSON.parse(ofAccount.cases) as Array<{ caseId: string; action: string }>;
    expect(accountRef.caseId).toBe(ref.caseId);
    expect([ref.action, accountRef.action].sort()).toEqual(["appended", "opened"]);
    const openedBy = ref.action === "opened" ? fraud : ofAccount;
    const ofType = async (type: string) => (await eventsOf(t, type)).map((e) => JSON.parse(e.data));
    const raised = (await ofType("fraud.alert_raised")).filter((e) => e.entityId === customerId);
    expect(raised).toMatchObject([{ alertId: fraud.id, entityId: customerId, score: fraud.score }]);
    expect(await ofType("fraud.case_opened")).toMatchObject([{ caseId: ref.caseId, alertId: openedBy.id }]);

    await insertTransactions(t, { id: accountId, customerId }, burst(0));
    await runScreenJob(t);
    const again = (await alerts(t, customerId)).filter((a) => a.kind === "fraud")[1];
    expect(JSON.parse(again.cases)).toEqual([{ caseId: ref.caseId, kind: "fraud", action: "appended" }]);
    const view = await json<{ case: { events: Array<{ eventType: string; noteContent: string | null }> } }>(
      await call("GET", `/v1/fraud/cases/${ref.caseId}`, { key: t.key }),
    );
    const types = view.case.events.map((e) => e.eventType);
    expect(types[0]).toBe("created");
    expect(types.slice(1).every((x) => x === "alert_added")).toBe(true);
    expect(view.case.events.some((e) => e.noteContent?.includes(again.id))).toBe(true);
    expect(await ofType("fraud.case_opened")).toHaveLength(1);
  });

  it("a failing entity is retried with back-off, then dead-lettered, visible, and re-queued on request", async () => {
    const t = await quietTenant("Dead letters");
    const { customerId } = await customerWith(t, largeCash());
    const clock = manualClock();
    const ctx = { ...(await loadTenantContext(env, t.id, "test")), clock };
    const failing = async () => {
      throw new Error("feature store unavailable");
    };
    // The customer and its account both fail; each drain is one more attempt.
    for (let attempt = 1; attempt <= 5; attempt++) {
      const figures = await drainPending(ctx, { trigger: "arrival", runId: null, screen: failing });
      expect(figures.failed).toBe(2);
      // Before the back-off ends, nothing is claimable.
      const early = await drainPending(ctx, { trigger: "arrival", runId: null, screen: failing });
      expect(early.failed).toBe(0);
      if (attempt < 5) expect(early.next?.delaySeconds).toBeGreaterThan(0);
      clock.advance(600);
    }
    expect((await pending(t)).every((r) => r.failed_at !== null && r.attempts === 5)).toBe(true);

    const status = await json<{ status: { pending: number; deadLettered: number } }>(
      await call("GET", "/v1/monitoring/status", { key: t.key }),
    );
    expect(status.status).toMatchObject({ pending: 0, deadLettered: 2 });
    const listed = await json<{ data: Array<{ entityId: string; lastError: string }> }>(
      await call("GET", "/v1/monitoring/dead-letters", { key: t.key }),
    );
    expect(listed.data.map((d) => d.entityId)).toContain(customerId);
    expect(listed.data[0].lastError).toBe("feature store unavailable");

    const retry = await call("POST", "/v1/monitoring/dead-letters/retry", {
      key: t.key,
      body: { entities: [{ entityType: "customer", entityId: customerId }] },
    });
    expect(await json(retry)).toEqual({ success: true, retried: 1 });
    const audit = await shardRows<{ action: string }>(
      t,
      "SELECT action FROM tenant_audit_log WHERE tenant_id = ? AND action = 'monitoring.dead_letters_retried'",
      t.id,
    );
    expect(audit).toHaveLength(1);
    const after = await pending(t);
    expect(after.find((r) => r.entity_type === "customer")).toMatchObject({ failed_at: null, attempts: 0 });
    expect(after.find((r) => r.entity_type === "account")?.failed_at).not.toBeNull();
  });
});

describe("budget", () => {
  it("screens a quiet entity in a handful of D1 queries and stays under the invocation limit", async () => {
    const t = await quietTenant("Budget");
    for (let i = 0; i < 15; i++)
      await customerWith(t, [{ amountMinor: 10_000 + i, transactionDate: ago(1), channel: "mobile_money" }]);
    const ctx = await loadTenantContext(env, t.id, "test");
    const figures = await drainPending(ctx, { trigger: "arrival", runId: null });
    expect(figures).toMatchObject({ screened: 30, failed: 0, next: null });
    expect(figures.queries).toBeLessThan(1000);
    const perEntity = figures.queries / figures.screened;
    console.log(JSON.stringify({ d1QueriesPerScreenedEntity: perEntity, ...figures }));
    expect(perEntity).toBeLessThanOrEqual(20);
  });
});
