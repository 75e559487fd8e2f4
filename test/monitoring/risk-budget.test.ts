import { describe, expect, it } from "vitest";
import { priorOf, SHARED_EVIDENCE } from "../../src/modules/monitoring/domain/risk-score";
import { ago, customerWith } from "../aml/helpers";
import { call, insertTransactions, json } from "../harness";
import { alerts, quietTenant, runScreenJob, screenings } from "./helpers";

/** Many cash deposits just under the reporting threshold within days: structuring and velocity, no cash report. */
const burst = (offsetDays: number) =>
  Array.from({ length: 12 }, (_, i) => ({
    amountMinor: 4_900_000 - i * 1000,
    transactionDate: ago(offsetDays, i),
    channel: "cash",
  }));
const largeCash = () => [{ amountMinor: 6_000_000, transactionDate: ago(2), channel: "cash" }];

interface Risk {
  score: number;
  alertScore: number;
  reasons: Array<{ kind: "fraud" | "aml"; ruleId: string; severity?: string; prior: number; points: number }>;
}
interface AlertView {
  alertId: string;
  kind: string;
  ruleIds: string[];
  screeningId: string;
  risk: Risk | null;
}

describe("alert budget (subject risk score)", () => {
  it("holds back hits below the tenant's alert score, raises them at or above it with their reasons", async () => {
    const t = await quietTenant("Alert budget");
    const settings = (body: unknown) => call("PUT", "/v1/monitoring/settings", { key: t.key, body });
    expect((await settings({ alertScore: 100 })).status).toBe(200);

    const { customerId, accountId } = await customerWith(t, burst(1));
    await runScreenJob(t);
    // Screened, something fired (raised below), but under a budget of 100 nothing is raised.
    const [screened] = await screenings(t, customerId);
    expect(screened).toMatchObject({ alerts: 0 });
    expect(await alerts(t, customerId)).toHaveLength(0);

    expect((await settings({ alertScore: 0 })).status).toBe(200);
    await insertTransactions(t, { id: accountId, customerId }, burst(0));
    await runScreenJob(t);
    const raised = await alerts(t, customerId);
    expect(raised.length).toBeGreaterThan(0);

    const list = await json<{ data: AlertView[] }>(
      await call("GET", `/v1/monitoring/alerts?entityType=customer&entityId=${customerId}`, { key: t.key }),
    );
    expect(list.data.length).toBeGreaterThan(0);
    for (const alert of list.data) {
      const risk = alert.risk!;
      expect(risk.alertScore).toBe(0);
      // The reasons are the rules its screening fired (its fraud and AML alerts), one per piece of
      // evidence: of rules that read the same movements, the stronger; and they give its score.
      const fired = list.data
        .filter((a) => a.screeningId === alert.screeningId)
        .flatMap((a) => a.ruleIds.map((ruleId) => ({ kind: a.kind as "fraud" | "aml", ruleId })));
      const priorIn = (r: { kind: "fraud" | "aml"; ruleId: string }) => priorOf({ ...r, severity: "medium" });
      const counted = fired.filter(
        (r) =>
          !fired.some(
            (o) =>
              o.ruleId !== r.ruleId &&
              SHARED_EVIDENCE.some((g) => g.has(o.ruleId) && g.has(r.ruleId)) &&
              priorIn(o) > priorIn(r),
          ),
      );
      expect(risk.reasons.map((r) => `${r.kind}:${r.ruleId}`).sort()).toEqual(
        counted.map((r) => `${r.kind}:${r.ruleId}`).sort(),
      );
      const expected = 100 * (1 - risk.reasons.reduce((left, r) => left * (1 - r.prior), 1));
      expect(Math.abs(risk.score - expected)).toBeLessThan(1); // priors are shown to two decimals
      expect(risk.reasons.reduce((s, r) => s + r.points, 0)).toBeCloseTo(risk.score, 0);
    }
  });

  it("raises a reporting rule (cash over the threshold) whatever the budget", async () => {
    const t = await quietTenant("Alert budget reporting");
    await call("PUT", "/v1/monitoring/settings", { key: t.key, body: { alertScore: 100 } });
    const { customerId } = await customerWith(t, largeCash());
    await runScreenJob(t);
    const [aml] = (await alerts(t, customerId)).filter((a) => a.kind === "aml");
    expect(JSON.parse(aml!.rule_ids)).toContain("AML-LCT-001");
    const view = await json<{ alert: AlertView }>(
      await call("GET", `/v1/monitoring/alerts/${aml!.id}`, { key: t.key }),
    );
    expect(view.alert.risk).toMatchObject({ alertScore: 100 });
    expect(view.alert.risk!.score).toBeLessThan(100);
  });
});
