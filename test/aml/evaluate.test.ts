import { beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, insertAgent, insertTransactions, json, type TestTenant } from "../harness";
import { ago, customerWith, evaluate, fires } from "./helpers";

let t: TestTenant;
let other: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "AML evaluate", shard: 1 });
  other = await createTenant({ name: "AML other", shard: 0 });
});

interface ThresholdsBody {
  thresholds: Record<string, number>;
  overrides: Record<string, number>;
  disclaimer: string;
}

describe("thresholds", () => {
  it("GET answers the contract defaults; PUT overrides change outcomes; {} restores defaults", async () => {
    const get = await json<ThresholdsBody>(await call("GET", "/v1/kyc-aml/thresholds", { key: t.key }));
    expect(get.thresholds).toMatchObject({
      largeCashAmount: 50000,
      structuringBandPercent: 10,
      structuringMinCount: 3,
      structuringWindowDays: 7,
    });
    expect(get.disclaimer).toBeTruthy();

    const c = await customerWith(t, [{ amountMinor: 2_500_000, transactionDate: ago(2), channel: "cash" }]);
    expect((await fires(t, c.customerId, "AML-LCT-001")).triggered).toBe(false);
    const put = await call("PUT", "/v1/kyc-aml/thresholds", {
      key: t.key,
      body: { thresholds: { largeCashAmount: 20000 } },
    });
    expect(put.status).toBe(200);
    const after = await json<ThresholdsBody>(put);
    expect(after.thresholds.largeCashAmount).toBe(20000);
    expect(after.overrides).toEqual({ largeCashAmount: 20000 });
    expect((await fires(t, c.customerId, "AML-LCT-001")).triggered).toBe(true);
    // The rule catalog shows the effective value.
    const rules = await json<{ rules: Array<{ ruleId: string; thresholds: Record<string, number> }> }>(
      await call("GET", "/v1/kyc-aml/rules", { key: t.key }),
    );
    expect(rules.rules.find((r) => r.ruleId === "AML-LCT-001")?.thresholds.largeCashAmount).toBe(20000);
    // Another tenant keeps the defaults.
    const theirs = await json<ThresholdsBody>(
      await call("GET", "/v1/kyc-aml/thresholds", { key: other.key }),
    );
    expect(theirs.thresholds.largeCashAmount).toBe(50000);

    await call("PUT", "/v1/kyc-aml/thresholds", { key: t.key, body: { thresholds: {} } });
    expect((await fires(t, c.customerId, "AML-LCT-001")).triggered).toBe(false);
  });

  it("PUT refuses unknown names and bad values with one detail each, and changes nothing", async () => {
    const res = await call("PUT", "/v1/kyc-aml/thresholds", {
      key: t.key,
      body: {
        thresholds: { largeCashAmount: -1, bogus: 3, structuringMinCount: 2.5, velocityWindowHours: "24" },
      },
    });
    expect(res.status).toBe(400);
    const body = await json<{ error: { code: string; details: Array<{ path: string }> } }>(res);
    expect(body.error.code).toBe("bad_request");
    expect(body.error.details.map((d) => d.path).sort()).toEqual([
      "thresholds.bogus",
      "thresholds.largeCashAmount",
      "thresholds.structuringMinCount",
      "thresholds.velocityWindowHours",
    ]);
    const get = await json<ThresholdsBody>(await call("GET", "/v1/kyc-aml/thresholds", { key: t.key }));
    expect(get.overrides).toEqual({});
  });
});

describe("evaluate", () => {
  it("answers the documented shape with a disclaimer, totals and the highest risk level", async () => {
    const c = await customerWith(t, [
      { amountMinor: 4_600_000, transactionDate: ago(3), channel: "cash" },
      { amountMinor: 4_700_000, transactionDate: ago(2), channel: "cash" },
      { amountMinor: 4_800_000, transactionDate: ago(1), channel: "cash" },
    ]);
    const { res, body } = await evaluate(t, { entityType: "customer", entityId: c.customerId });
    expect(res.status).toBe(200);
    const r = body!.result;
    expect(body!.disclaimer).toMatch(/Advisory/);
    expect(r.disclaimer).toBe(body!.disclaimer);
    const fired = r.triggeredRules.filter((x) => x.triggered).map((x) => x.ruleId);
    expect(fired).toContain("AML-STR-002");
    expect(r.totalTriggered).toBe(fired.length);
    expect(r.highestRiskLevel).toBe("high");
    // Geographic rule skipped without a list, reported as such.
    expect(r.skippedRules.map((s) => s.ruleId)).toContain("AML-GEO-006");
    expect(r.triggeredRules.map((x) => x.ruleId)).not.toContain("AML-GEO-006");
  });

  it("money that did not move (bounced, returned, rejected cash deposits) counts toward no rule", async () => {
    const deposits = (status: string) =>
      [4_600_000, 4_700_000, 4_800_000].map((amountMinor, i) => ({
        amountMinor,
        transactionDate: ago(3 - i),
        channel: "cash",
        status,
      }));
    const fired = async (status: string) => {
      const c = await customerWith(t, deposits(status));
      const { body } = await evaluate(t, { entityType: "customer", entityId: c.customerId });
      return body!.result.triggeredRules.filter((x) => x.triggered).map((x) => x.ruleId);
    };
    expect(await fired("completed")).toContain("AML-STR-002");
    for (const status of ["bounced", "returned", "rejected", "failed"])
      expect(await fired(status), status).toEqual([]);
  });

  it("quiet data triggers nothing", async () => {
    const c = await customerWith(t, [
      { amountMinor: 123_456, transactionDate: ago(10), channel: "card", type: "debit" },
      {
        amountMinor: 987_654,
        transactionDate: ago(5),
        channel: "bank_transfer",
        counterpartyName: "Employer Ltd",
        counterpartyCountry: "GH",
      },
    ]);
    const { body } = await evaluate(t, {
      entityType: "customer",
      entityId: c.customerId,
      highRiskCountries: ["IR"],
    });
    expect(body!.result.totalTriggered).toBe(0);
    expect(body!.result.highestRiskLevel).toBeNull();
  });

  it("refuses bad input: unknown rule, inapplicable rule, window out of range, unknown entity type", async () => {
    const c = await customerWith(t, []);
    const bad = async (body: Record<string, unknown>) =>
      (
        await call("POST", "/v1/kyc-aml/evaluate", {
          key: t.key,
          body: { entityType: "customer", entityId: c.customerId, dryRun: true, ...body },
        })
      ).status;
    expect(await bad({ ruleIds: ["AML-NOPE-999"] })).toBe(400);
    expect(await bad({ entityType: "agent", entityId: "AG-1", ruleIds: ["AML-BIZ-011"] })).toBe(400);
    expect(await bad({ windowDays: 6 })).toBe(400);
    expect(await bad({ windowDays: 366 })).toBe(400);
    expect(await bad({ entityType: "wallet" })).toBe(400);
    expect(await bad({ highRiskCountries: ["IRN"] })).toBe(400);
    expect(await bad({ windowDays: 7 })).toBe(200);
  });

  it("another tenant's customer, account or agent is 404", async () => {
    const c = await customerWith(other, [
      { amountMinor: 6_000_000, transactionDate: ago(1), channel: "cash" },
    ]);
    const agent = await insertAgent(other);
    for (const [entityType, entityId] of [
      ["customer", c.customerId],
      ["account", c.accountId],
      ["agent", agent.agentId],
    ]) {
      const { res } = await evaluate(t, { entityType, entityId });
      expect(res.status, entityType).toBe(404);
      expect((await evaluate(other, { entityType, entityId })).res.status).toBe(200);
    }
  });

  it("evaluates accounts, agents, merchants and counterparties from their transactions", async () => {
    const agent = await insertAgent(t);
    const c = await customerWith(t, []);
    await insertTransactions(t, { id: c.accountId, customerId: c.customerId }, [
      {
        amountMinor: 5_500_000,
        transactionDate: ago(2),
        channel: "cash",
        agentId: agent.agentId,
        merchantName: "Kofi Motors",
        counterpartyAccount: "GH-ACC-42",
      },
    ]);
    for (const [entityType, entityId] of [
      ["account", c.accountId],
      ["agent", agent.agentId],
      ["merchant", "Kofi Motors"],
      ["counterparty", "GH-ACC-42"],
    ]) {
      const { body } = await evaluate(t, { entityType, entityId, ruleIds: ["AML-LCT-001"] });
      expect(body!.result.triggeredRules[0].triggered, entityType).toBe(true);
    }
    const { body } = await evaluate(t, {
      entityType: "counterparty",
      entityId: "GH-ACC-43",
      ruleIds: ["AML-LCT-001"],
    });
    expect(body!.result.triggeredRules[0].triggered).toBe(false);
  });

  it("is deterministic for the same data apart from ids and times", async () => {
    const c = await customerWith(t, [{ amountMinor: 200_000, transactionDate: ago(1) }]);
    const strip = (b: unknown) =>
      JSON.stringify(b, (k, v) =>
        ["correlationId", "evaluatedAt", "windowStart", "windowEnd", "triggeredAt"].includes(k)
          ? undefined
          : v,
      );
    const a = await evaluate(t, { entityType: "customer", entityId: c.customerId });
    const b = await evaluate(t, { entityType: "customer", entityId: c.customerId });
    expect(strip(a.body)).toBe(strip(b.body));
  });
});
