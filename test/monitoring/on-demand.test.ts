import { describe, expect, it } from "vitest";
import { ago, customerWith } from "../aml/helpers";
import { call, json, type TestTenant } from "../harness";
import { putDraft } from "../rules/helpers";
import { eventsOf, quietTenant } from "./helpers";

/** Issue 15, trigger on_demand: evaluations a client asks for that keep a result store their alert. */
interface Alert {
  alertId: string;
  kind: string;
  trigger: string;
  entityId: string;
  ruleIds: string[];
  cases: Array<{ caseId: string; kind: string; action: string }>;
}

const onDemandAlerts = async (t: TestTenant, entityId: string) => {
  const res = await call(
    "GET",
    `/v1/monitoring/alerts?trigger=on_demand&entityType=customer&entityId=${entityId}&limit=100`,
    { key: t.key },
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ data: Alert[] }>(res)).data;
};
const eventsFor = async (t: TestTenant, type: string, entityId: string) =>
  (await eventsOf(t, type)).map((e) => JSON.parse(e.data)).filter((e) => e.entityId === entityId);

/** Cash deposits just under the reporting threshold within hours: structuring and velocity signals. */
const burst = () =>
  Array.from({ length: 12 }, (_, i) => ({
    amountMinor: 4_900_000 - i * 1000,
    transactionDate: ago(1, i),
    channel: "cash",
  }));
const largeCash = () => [{ amountMinor: 6_000_000, transactionDate: ago(2), channel: "cash" }];

interface FraudAnswer {
  alert: { alertId: string; overallScore: number; triggeredSignals: Array<{ signalId: string }> };
  case: {
    id: string;
    alertId: string;
    events: Array<{ eventType: string; noteContent: string | null }>;
  } | null;
  caseCreated: boolean;
}

describe("on-demand alerts: fraud", () => {
  it("evaluate-and-create stores the alert with its case; the case's alertId is the alert's; events recorded", async () => {
    const t = await quietTenant("On-demand fraud");
    const { customerId } = await customerWith(t, burst());
    const entity = { entityType: "customer", entityId: customerId };
    const body = { ...entity, createCaseThreshold: 0 };

    // Plain evaluate and a draft evaluation store nothing.
    const plain = await call("POST", "/v1/fraud/evaluate", { key: t.key, body: entity });
    expect(plain.status).toBe(200);
    expect((await putDraft(t.key, "fraud", {})).status).toBe(200);
    const draft = await call("POST", "/v1/fraud/evaluate-and-create", {
      key: t.key,
      body: { ...body, ruleSet: "draft" },
    });
    expect(draft.status).toBe(200);
    expect(await onDemandAlerts(t, customerId)).toEqual([]);
    expect(await eventsFor(t, "fraud.alert_raised", customerId)).toEqual([]);

    const res = await call("POST", "/v1/fraud/evaluate-and-create", { key: t.key, body });
    expect(res.status).toBe(200);
    const answer = await json<FraudAnswer>(res);
    expect(answer.alert.triggeredSignals.length, "the burst fires fraud signals").toBeGreaterThan(0);
    expect(answer.caseCreated).toBe(true);
    const caseId = answer.case!.id;
    const [stored] = await onDemandAlerts(t, customerId);
    expect(stored).toMatchObject({
      alertId: answer.alert.alertId,
      kind: "fraud",
      trigger: "on_demand",
      ruleIds: answer.alert.triggeredSignals.map((s) => s.signalId),
      cases: [{ caseId, kind: "fraud", action: "opened" }],
    });
    expect(answer.case!.alertId).toBe(stored.alertId);
    expect(await eventsFor(t, "fraud.alert_raised", customerId)).toMatchObject([
      { alertId: stored.alertId, trigger: "on_demand", score: answer.alert.overallScore },
    ]);
    expect(await eventsFor(t, "fraud.case_opened", customerId)).toMatchObject([
      { caseId, alertId: stored.alertId, trigger: "on_demand" },
    ]);

    // A second hit adds alert_added to the open case (no second case, no second case_opened).
    const again = await json<FraudAnswer>(
      await call("POST", "/v1/fraud/evaluate-and-create", { key: t.key, body }),
    );
    expect(again.caseCreated).toBe(false);
    expect(again.case!.id).toBe(caseId);
    expect(again.case!.events.map((e) => e.eventType)).toEqual(["created", "alert_added"]);
    expect(again.case!.events[1].noteContent).toContain(again.alert.alertId);
    const both = await onDemandAlerts(t, customerId);
    expect(both.find((a) => a.alertId === again.alert.alertId)?.cases).toEqual([
      { caseId, kind: "fraud", action: "appended" },
    ]);
    expect(await eventsFor(t, "fraud.case_opened", customerId)).toHaveLength(1);
    expect(await eventsFor(t, "fraud.alert_raised", customerId)).toHaveLength(2);
  });

  it("an evaluation that fires nothing stores no alert", async () => {
    const t = await quietTenant("On-demand fraud, quiet");
    const { customerId } = await customerWith(t, [{ amountMinor: 10_000, transactionDate: ago(3) }]);
    const res = await call("POST", "/v1/fraud/evaluate-and-create", {
      key: t.key,
      body: { entityType: "customer", entityId: customerId },
    });
    const answer = await json<FraudAnswer>(res);
    expect(answer.alert.triggeredSignals).toEqual([]);
    expect(await onDemandAlerts(t, customerId)).toEqual([]);
  });
});

describe("on-demand alerts: AML", () => {
  it("evaluate with dryRun false stores the alert with its cases and records aml.case_opened; a dry run stores none", async () => {
    const t = await quietTenant("On-demand AML");
    const { customerId } = await customerWith(t, largeCash());
    const evaluate = async (dryRun: boolean, extra: Record<string, unknown> = {}) => {
      const res = await call("POST", "/v1/kyc-aml/evaluate", {
        key: t.key,
        body: { entityType: "customer", entityId: customerId, dryRun, ...extra },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return (
        await json<{
          result: {
            triggeredRules: Array<{ ruleId: string; triggered: boolean }>;
            cases: Array<{ caseId: string; ruleId: string; created: boolean }>;
          };
        }>(res)
      ).result;
    };

    const dry = await evaluate(true);
    expect(dry.triggeredRules.filter((r) => r.triggered).map((r) => r.ruleId)).toContain("AML-LCT-001");
    expect((await putDraft(t.key, "aml", {})).status).toBe(200);
    await evaluate(false, { ruleSet: "draft" });
    expect(await onDemandAlerts(t, customerId)).toEqual([]);
    expect(await eventsFor(t, "aml.case_opened", customerId)).toEqual([]);

    const kept = await evaluate(false);
    const fired = kept.triggeredRules.filter((r) => r.triggered).map((r) => r.ruleId);
    expect(kept.cases.length).toBeGreaterThan(0);
    const [stored] = await onDemandAlerts(t, customerId);
    expect(stored).toMatchObject({ kind: "aml", trigger: "on_demand", ruleIds: fired });
    const refs = (cases: Array<{ caseId: string; action: string }>) =>
      cases.map((c) => [c.caseId, c.action]).sort();
    expect(refs(stored.cases)).toEqual(refs(kept.cases.map((c) => ({ caseId: c.caseId, action: "opened" }))));
    const opened = await eventsFor(t, "aml.case_opened", customerId);
    expect(opened.map((e) => e.caseId).sort()).toEqual(kept.cases.map((c) => c.caseId).sort());
    expect(opened[0]).toMatchObject({ alertId: stored.alertId, trigger: "on_demand" });

    // Again: the open cases get alert_added naming the new alert; no case opens twice.
    await evaluate(false);
    const latest = (await onDemandAlerts(t, customerId))[0];
    expect(latest.alertId).not.toBe(stored.alertId);
    expect(refs(latest.cases)).toEqual(
      refs(kept.cases.map((c) => ({ caseId: c.caseId, action: "appended" }))),
    );
    expect(await eventsFor(t, "aml.case_opened", customerId)).toHaveLength(opened.length);
    const { case: history } = await json<{
      case: { history: Array<{ eventType: string; note: string | null }> };
    }>(await call("GET", `/v1/kyc-aml/cases/${kept.cases[0].caseId}`, { key: t.key }));
    expect(history.history.map((h) => h.eventType)).toEqual(["created", "alert_added"]);
    expect(history.history[1].note).toContain(latest.alertId);
  });
});
