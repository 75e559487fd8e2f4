import { describe, expect, it } from "vitest";
import { ago, customerWith } from "../aml/helpers";
import { call, createKey, createTenant, json, shardRows, type TestTenant } from "../harness";
import {
  major,
  type Screening,
  screen,
  screened,
  structurer,
  structuringParameters,
} from "./screening-helpers";

const fraudFired = (s: Screening) => s.fraud.triggeredSignals.map((x) => x.signalId);
const amlFired = (s: Screening) =>
  (s.aml?.triggeredRules ?? []).filter((r) => r.triggered).map((r) => r.ruleId);
const count = async (t: TestTenant, table: string) =>
  (await shardRows<{ n: number }>(t, `SELECT count(*) AS n FROM ${table} WHERE tenant_id = ?`, t.id))[0]!.n;

const cashCredit = (amountMinor: number, fields: Record<string, unknown>) => ({
  type: "credit",
  amount: major(amountMinor),
  currency: "GHS",
  channel: "cash",
  ...fields,
});

describe("POST /v1/screening/transactions", () => {
  it("a proposed transaction that completes a structuring pattern fires both kinds; without it neither fires", async () => {
    const t = await createTenant({ name: "Pre-transaction fires" });
    const p = await structuringParameters(t);
    // One short of each rule's count: only the proposed transaction can complete it.
    const fraudCustomer = await structurer(t, p.fraudMinCount - 1, p.justUnderMinor);
    const amlCustomer = await structurer(t, p.amlMinCount - 1, p.justUnderMinor);

    const fraudHit = await screened(
      t,
      cashCredit(p.justUnderMinor, { customerId: fraudCustomer.customerId }),
    );
    expect(fraudFired(fraudHit)).toContain("just_under_threshold");
    const signal = fraudHit.fraud.triggeredSignals.find((s) => s.signalId === "just_under_threshold")!;
    expect(signal.explanation).toContain(`${p.fraudMinCount} transactions`);
    expect(signal.counterfactual).toContain(`fewer than ${p.fraudMinCount}`);
    expect(fraudHit.isAdvisoryOnly).toBe(true);
    expect(fraudHit).not.toHaveProperty("decision");

    const amlHit = await screened(t, cashCredit(p.justUnderMinor, { accountId: amlCustomer.accountId }));
    expect(amlHit.entityType).toBe("account");
    const str = amlHit.aml!.triggeredRules.find((r) => r.ruleId === "AML-STR-002")!;
    expect(str.triggered).toBe(true);
    expect(str.counterfactual?.statement).toContain("structuringMinCount");

    // The same entities with a proposed amount outside the band: quiet.
    const small = 1_000;
    expect(
      fraudFired(await screened(t, cashCredit(small, { customerId: fraudCustomer.customerId }))),
    ).not.toContain("just_under_threshold");
    expect(
      amlFired(await screened(t, cashCredit(small, { accountId: amlCustomer.accountId }))),
    ).not.toContain("AML-STR-002");
    // And the stored history alone (evaluate) does not fire either: nothing was stored.
    const evaluated = await json<{ alert: { triggeredSignals: Array<{ signalId: string }> } }>(
      await call("POST", "/v1/fraud/evaluate", {
        key: t.key,
        body: { entityType: "customer", entityId: fraudCustomer.customerId },
      }),
    );
    expect(evaluated.alert.triggeredSignals.map((s) => s.signalId)).not.toContain("just_under_threshold");
  });

  it("stores no transaction, queues nothing, records the alerts with trigger pre_transaction and no case", async () => {
    const t = await createTenant({ name: "Pre-transaction storage" });
    const p = await structuringParameters(t);
    const c = await structurer(t, Math.max(p.fraudMinCount, p.amlMinCount) - 1, p.justUnderMinor);
    const before = {
      transactions: await count(t, "transactions"),
      pending: await count(t, "monitoring_pending"),
      screenings: await count(t, "monitoring_screenings"),
    };
    const s = await screened(
      t,
      cashCredit(p.justUnderMinor, { customerId: c.customerId, accountId: c.accountId }),
    );
    expect(s.alertIds).toHaveLength(2);
    expect(s.alertIds).toEqual([s.fraud.alertId, s.aml!.alertId]);
    expect(await count(t, "transactions")).toBe(before.transactions);
    expect(await count(t, "monitoring_pending")).toBe(before.pending);
    expect(await count(t, "monitoring_screenings")).toBe(before.screenings);
    const alerts = await shardRows<{
      id: string;
      kind: string;
      trigger: string;
      entity_id: string;
      rule_set_version: number;
      rule_set_hash: string;
      cases: string;
      screening_id: string;
    }>(t, "SELECT * FROM monitoring_alerts WHERE tenant_id = ? ORDER BY kind DESC", t.id);
    expect(alerts.map((a) => [a.id, a.kind, a.trigger])).toEqual([
      [s.fraud.alertId, "fraud", "pre_transaction"],
      [s.aml!.alertId, "aml", "pre_transaction"],
    ]);
    expect(alerts[0]!.rule_set_hash).toBe(s.fraud.ruleSet.hash);
    expect(alerts.every((a) => a.cases === "[]" && a.screening_id === s.screeningId)).toBe(true);
    const rules = await shardRows<{ alert_id: string; rule_id: string }>(
      t,
      "SELECT alert_id, rule_id FROM monitoring_alert_rules WHERE tenant_id = ?",
      t.id,
    );
    expect(rules).toContainEqual({ alert_id: s.fraud.alertId, rule_id: "just_under_threshold" });
    expect(rules).toContainEqual({ alert_id: s.aml!.alertId, rule_id: "AML-STR-002" });
    expect(await count(t, "fraud_cases")).toBe(0);
    expect(await count(t, "aml_cases")).toBe(0);
    // Nothing fired: no alert.
    const quiet = await customerWith(t, []);
    const none = await screened(t, cashCredit(1_000, { customerId: quiet.customerId }));
    expect(none.alertIds).toEqual([]);
    expect(none.fraud.alertId).toBeNull();
  });

  it("another tenant's customer or account is a 404; a key without aml:read sees no AML outcome", async () => {
    const t = await createTenant({ name: "Pre-transaction A" });
    const other = await createTenant({ name: "Pre-transaction B", shard: 1 });
    const theirs = await customerWith(other, [{ amountMinor: 5_000, transactionDate: ago(1) }]);
    expect((await screen(t.key, cashCredit(5_000, { customerId: theirs.customerId }))).status).toBe(404);
    expect((await screen(t.key, cashCredit(5_000, { accountId: theirs.accountId }))).status).toBe(404);
    const mine = await customerWith(t, []);
    const fraudOnly = await createKey(t.id, ["fraud:read"]);
    const s = await screened(t, cashCredit(5_000, { customerId: mine.customerId }), fraudOnly.key);
    expect(s.aml).toBeNull();
    const noFraud = await createKey(t.id, ["aml:read"]);
    expect((await screen(noFraud.key, cashCredit(5_000, { customerId: mine.customerId }))).status).toBe(403);
  });

  it("400 names the field", async () => {
    const t = await createTenant({ name: "Pre-transaction 400" });
    const c = await customerWith(t, []);
    const other = await customerWith(t, []);
    const pathOf = async (body: Record<string, unknown>) => {
      const res = await screen(t.key, body);
      expect(res.status).toBe(400);
      const out = await json<{ error: { details: Array<{ path: string }> } }>(res);
      return out.error.details.map((d) => d.path);
    };
    expect(await pathOf(cashCredit(5_000, {}))).toContain("customerId");
    expect(await pathOf(cashCredit(5_000, { customerId: c.customerId, amount: "-5.00" }))).toContain(
      "amount",
    );
    expect(await pathOf(cashCredit(5_000, { customerId: c.customerId, amount: "0" }))).toContain("amount");
    expect(await pathOf(cashCredit(5_000, { customerId: c.customerId, currency: "XYZ" }))).toContain(
      "currency",
    );
    const farAhead = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect(
      await pathOf(cashCredit(5_000, { customerId: c.customerId, transactionDate: farAhead })),
    ).toContain("transactionDate");
    expect(
      await pathOf(cashCredit(5_000, { customerId: other.customerId, accountId: c.accountId })),
    ).toContain("accountId");
    // No decision travels either way: an unknown field such as "decision" is refused.
    expect(await pathOf(cashCredit(5_000, { customerId: c.customerId, decision: "approve" }))).toHaveLength(
      1,
    );
  });
});
