import { describe, expect, it } from "vitest";
import { call, createTenant, json } from "../harness";
import { addEntries, createList, inDays } from "../lists/helpers";
import { publish, putDraft, ruleSet } from "../rules/helpers";
import { ago, customerWith, evaluate } from "./helpers";

/** Issue 14 wiring: AML evaluation runs the live version, stored lists and custom rules. */
interface Result {
  triggeredRules: Array<{ ruleId: string; triggered: boolean; riskLevel: string; source: string }>;
  skippedRules: Array<{ ruleId: string }>;
  suppressedRules: Array<{ ruleId: string; suppressedBy: string }>;
  highRiskCountries: string[];
  highestRiskLevel: string | null;
  ruleSet: { kind: string; version: number; hash: string };
  cases: Array<{ caseId: string; ruleId: string }>;
}
const run = async (t: Awaited<ReturnType<typeof createTenant>>, body: Record<string, unknown>) => {
  const { res, body: out } = await evaluate(t, { entityType: "customer", ...body });
  expect(res.status).toBe(200);
  return out!.result as unknown as Result;
};
const fired = (r: Result) => r.triggeredRules.filter((o) => o.triggered).map((o) => o.ruleId);

describe("AML evaluation under the live rule set", () => {
  it("the geography rule runs from the tenant's stored high-risk countries", async () => {
    const t = await createTenant({ name: "AML stored countries" });
    const c = await customerWith(t, [
      { amountMinor: 6_000_000, transactionDate: ago(2), counterpartyCountry: "IR", type: "debit" },
    ]);
    const before = await run(t, { entityId: c.customerId });
    expect(before.skippedRules.map((s) => s.ruleId)).toContain("AML-GEO-006");
    const list = await createList(t, { name: "FATF", kind: "high_risk_countries" });
    await addEntries(t, list.listId, [{ value: "ir" }]);
    const after = await run(t, { entityId: c.customerId });
    expect(after.highRiskCountries).toEqual(["IR"]);
    expect(fired(after)).toContain("AML-GEO-006");
    // A request's countries are added to the stored ones, never replace them.
    expect((await run(t, { entityId: c.customerId, highRiskCountries: ["KP"] })).highRiskCountries).toEqual([
      "IR",
      "KP",
    ]);
  });

  it("disabled built-ins stop, severity sets the risk level, custom rules and allowlists apply; cases carry the version", async () => {
    const t = await createTenant({ name: "AML live version", shard: 1 });
    const c = await customerWith(t, [
      { amountMinor: 6_000_000, transactionDate: ago(1), channel: "cash" },
      { amountMinor: 7_000_000, transactionDate: ago(2), channel: "cash" },
    ]);
    expect(fired(await run(t, { entityId: c.customerId }))).toContain("AML-LCT-001");
    const custom = {
      ruleId: "two_large",
      name: "Two large credits",
      enabled: true,
      appliesTo: ["customer"],
      severity: "critical",
      score: 50,
      reason: "Two or more credits of 50,000 or more in 7 days",
      counterfactual: "Would not fire with fewer than two such credits",
      condition: {
        op: "compare",
        aggregate: { fn: "count", windowDays: 7, filter: { types: ["credit"], amountMin: 50_000 } },
        comparator: ">=",
        to: { value: 2 },
      },
    };
    const draft = {
      builtins: {
        "AML-LCT-001": { enabled: true, severity: "high", parameters: {}, weight: 1 },
        "AML-VEL-004": { enabled: false, severity: "medium", parameters: {}, weight: 1 },
      },
      custom: [custom],
    };
    expect((await putDraft(t.key, "aml", draft)).status).toBe(200);
    expect((await publish(t.key, "aml")).status).toBe(200);
    const live = (await ruleSet(t.key, "aml")).live;
    const r = await run(t, { entityId: c.customerId, dryRun: false });
    expect(r.ruleSet).toEqual({ kind: "aml", version: live.version, hash: live.hash });
    expect(r.triggeredRules.map((o) => o.ruleId)).not.toContain("AML-VEL-004");
    expect(r.triggeredRules.find((o) => o.ruleId === "AML-LCT-001")).toMatchObject({ riskLevel: "high" });
    expect(r.triggeredRules.find((o) => o.ruleId === "two_large")).toMatchObject({
      triggered: true,
      source: "custom",
      riskLevel: "critical",
    });
    expect(r.highestRiskLevel).toBe("critical");
    const caseId = r.cases.find((x) => x.ruleId === "two_large")!.caseId;
    const got = await json<{ case: { ruleSet: unknown; caseType: string } }>(
      await call("GET", `/v1/kyc-aml/cases/${caseId}`, { key: t.key }),
    );
    expect(got.case).toMatchObject({ ruleSet: r.ruleSet, caseType: "review" });

    const allow = await createList(t, { name: "Cleared", kind: "allowlist", entryType: "entity" });
    await addEntries(t, allow.listId, [
      { entityType: "customer", entityId: c.customerId, ruleId: "AML-LCT-001", expiresAt: inDays(30) },
    ]);
    const cleared = await run(t, { entityId: c.customerId });
    expect(fired(cleared)).not.toContain("AML-LCT-001");
    expect(cleared.suppressedRules).toEqual([
      expect.objectContaining({ ruleId: "AML-LCT-001", suppressedBy: "allowlist" }),
    ]);
  });
});
