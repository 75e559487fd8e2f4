import { beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, type TestTenant } from "../harness";
import { ago, customerWith, evaluate, fires } from "./helpers";

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "AML rules" });
});

const cash = (amountMinor: number, transactionDate: string, type: "credit" | "debit" = "credit") => ({
  amountMinor,
  transactionDate,
  type,
  channel: "cash",
});

describe("rules on built data, at threshold edges", () => {
  it("large cash: fires at exactly 50,000.00, not at 49,999.99", async () => {
    const at = await customerWith(t, [cash(5_000_000, ago(2))]);
    const below = await customerWith(t, [cash(4_999_999, ago(2))]);
    const hit = await fires(t, at.customerId, "AML-LCT-001");
    expect(hit.triggered).toBe(true);
    expect(hit.evidence[0]).toMatchObject({ observed: "50000.00", threshold: "50000.00" });
    expect(hit.counterfactual).toMatchObject({ threshold: "largeCashAmount", flipValue: 50000.01 });
    expect((await fires(t, below.customerId, "AML-LCT-001")).triggered).toBe(false);
  });

  it("structuring: 3 cash credits in [45,000, 50,000) within 7 days fire; band and window edges do not", async () => {
    const hit = await customerWith(t, [
      cash(4_500_000, ago(9)),
      cash(4_700_000, ago(6)),
      cash(4_999_999, ago(3)),
    ]);
    expect((await fires(t, hit.customerId, "AML-STR-002")).triggered).toBe(true);
    const belowBand = await customerWith(t, [
      cash(4_499_999, ago(9)),
      cash(4_700_000, ago(6)),
      cash(4_999_999, ago(3)),
    ]);
    expect((await fires(t, belowBand.customerId, "AML-STR-002")).triggered).toBe(false);
    const atThreshold = await customerWith(t, [
      cash(4_600_000, ago(9)),
      cash(4_700_000, ago(6)),
      cash(5_000_000, ago(3)),
    ]);
    expect((await fires(t, atThreshold.customerId, "AML-STR-002")).triggered).toBe(false);
    // 3 in band but 7 days apart: not within a 7-day window.
    const spread = await customerWith(t, [
      cash(4_600_000, ago(10)),
      cash(4_700_000, ago(6)),
      cash(4_800_000, ago(3)),
    ]);
    expect((await fires(t, spread.customerId, "AML-STR-002")).triggered).toBe(false);
    const debits = await customerWith(t, [
      cash(4_600_000, ago(5), "debit"),
      cash(4_700_000, ago(4), "debit"),
      cash(4_800_000, ago(3), "debit"),
    ]);
    expect((await fires(t, debits.customerId, "AML-STR-002")).triggered).toBe(false);
  });

  it("rapid movement: 80% of a large day's credits out by the next day fires, 79% does not", async () => {
    const credit = {
      amountMinor: 3_000_000,
      transactionDate: ago(5),
      type: "credit" as const,
      channel: "bank_transfer",
    };
    const hit = await customerWith(t, [
      credit,
      { amountMinor: 2_400_000, transactionDate: ago(4), type: "debit" },
    ]);
    const miss = await customerWith(t, [
      credit,
      { amountMinor: 2_370_000, transactionDate: ago(4), type: "debit" },
    ]);
    const late = await customerWith(t, [
      credit,
      { amountMinor: 3_000_000, transactionDate: ago(2), type: "debit" },
    ]);
    expect((await fires(t, hit.customerId, "AML-RMF-003")).triggered).toBe(true);
    expect((await fires(t, miss.customerId, "AML-RMF-003")).triggered).toBe(false);
    expect((await fires(t, late.customerId, "AML-RMF-003")).triggered).toBe(false);
  });

  it("velocity: 25 transactions within 24 hours fire, 24 do not", async () => {
    const burst = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ amountMinor: 1_000 + i, transactionDate: ago(3, i * 0.9) }));
    expect((await fires(t, (await customerWith(t, burst(25))).customerId, "AML-VEL-004")).triggered).toBe(
      true,
    );
    expect((await fires(t, (await customerWith(t, burst(24))).customerId, "AML-VEL-004")).triggered).toBe(
      false,
    );
  });

  it("dormancy: 180 silent days then 10,000 moved fires; 170 days does not", async () => {
    const hit = await customerWith(t, [
      { amountMinor: 500, transactionDate: ago(186) },
      { amountMinor: 1_000_000, transactionDate: ago(5) },
    ]);
    const miss = await customerWith(t, [
      { amountMinor: 500, transactionDate: ago(175) },
      { amountMinor: 1_000_000, transactionDate: ago(5) },
    ]);
    const small = await customerWith(t, [
      { amountMinor: 500, transactionDate: ago(300) },
      { amountMinor: 999_999, transactionDate: ago(5) },
    ]);
    const rule = await fires(t, hit.customerId, "AML-DOR-005");
    expect(rule.triggered).toBe(true);
    expect(rule.evidence[0]).toMatchObject({ field: "dormantDays", observed: "181" });
    expect((await fires(t, miss.customerId, "AML-DOR-005")).triggered).toBe(false);
    expect((await fires(t, small.customerId, "AML-DOR-005")).triggered).toBe(false);
  });

  it("high-risk geography: needs the list; fires on a listed country only", async () => {
    const c = await customerWith(t, [
      { amountMinor: 10_000, transactionDate: ago(3), counterpartyCountry: "ir" },
    ]);
    expect((await fires(t, c.customerId, "AML-GEO-006", { highRiskCountries: ["IR", "KP"] })).triggered).toBe(
      true,
    );
    expect((await fires(t, c.customerId, "AML-GEO-006", { highRiskCountries: ["KP"] })).triggered).toBe(
      false,
    );
    const noList = await call("POST", "/v1/kyc-aml/evaluate", {
      key: t.key,
      body: { entityType: "customer", entityId: c.customerId, ruleIds: ["AML-GEO-006"], dryRun: true },
    });
    expect(noList.status).toBe(400);
  });

  it("round amounts: 5 multiples of 1,000 fire, 4 do not", async () => {
    const round = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ amountMinor: 200_000, transactionDate: ago(i + 1) }));
    expect((await fires(t, (await customerWith(t, round(5))).customerId, "AML-RND-007")).triggered).toBe(
      true,
    );
    expect((await fires(t, (await customerWith(t, round(4))).customerId, "AML-RND-007")).triggered).toBe(
      false,
    );
  });

  it("fan-in from 5 new counterparties fires, 4 do not; against the previous window, 3 x its count", async () => {
    const from = (n: number, type: "credit" | "debit", daysBack = 1, prefix = "CP") =>
      Array.from({ length: n }, (_, i) => ({
        amountMinor: 500_000,
        type,
        transactionDate: ago(daysBack + (i % 25)),
        counterpartyAccount: `${prefix}-${i}`,
      }));
    const fanIn = async (rows: ReturnType<typeof from>, ruleId = "AML-FIN-008") =>
      (await fires(t, (await customerWith(t, rows)).customerId, ruleId)).triggered;
    expect(await fanIn(from(5, "credit"))).toBe(true);
    expect(await fanIn(from(4, "credit"))).toBe(false);
    expect(await fanIn(from(5, "debit"), "AML-FOUT-009")).toBe(true);
    expect(await fanIn(from(20, "credit"), "AML-FOUT-009")).toBe(false);
    // A steady fan (20 senders this window and the 30 days before it) is the entity's normal.
    expect(await fanIn([...from(20, "credit"), ...from(20, "credit", 32, "OLD")])).toBe(false);
    // 20 against 7 before needs 21; against 6, 18.
    expect(await fanIn([...from(20, "credit"), ...from(7, "credit", 32, "OLD")])).toBe(false);
    expect(await fanIn([...from(20, "credit"), ...from(6, "credit", 32, "OLD")])).toBe(true);
  });

  it("cross-border: exceeding 12,000.00 abroad fires; exactly 12,000.00 or domestic does not", async () => {
    const xb = (amountMinor: number, country: string) => [
      { amountMinor, transactionDate: ago(2), counterpartyCountry: country },
    ];
    expect(
      (await fires(t, (await customerWith(t, xb(1_200_001, "NG"))).customerId, "AML-XBR-010")).triggered,
    ).toBe(true);
    expect(
      (await fires(t, (await customerWith(t, xb(1_200_000, "NG"))).customerId, "AML-XBR-010")).triggered,
    ).toBe(false);
    expect(
      (await fires(t, (await customerWith(t, xb(5_000_000, "GH"))).customerId, "AML-XBR-010")).triggered,
    ).toBe(false);
  });

  it("cross-border uses the country setting; a shared currency without one has no home country", async () => {
    // XOF defaults are the GHS figures scaled by the reference table (x50): 500,000 for cross-border.
    const xb = (country: string) => [
      { amountMinor: 65_000_000, transactionDate: ago(2), counterpartyCountry: country },
    ];
    // XOF is shared by eight countries: before, its first letters made "XO" the home country,
    // so every transfer, even one inside Senegal, counted as cross-border.
    const senegal = await createTenant({ name: "Dakar MFI", settings: { currency: "XOF", country: "SN" } });
    expect(
      (await fires(senegal, (await customerWith(senegal, xb("SN"))).customerId, "AML-XBR-010")).triggered,
    ).toBe(false);
    expect(
      (await fires(senegal, (await customerWith(senegal, xb("ML"))).customerId, "AML-XBR-010")).triggered,
    ).toBe(true);

    const unset = await createTenant({ name: "XOF without country", settings: { currency: "XOF" } });
    const { customerId } = await customerWith(unset, xb("SN"));
    const named = await evaluate(unset, {
      entityType: "customer",
      entityId: customerId,
      ruleIds: ["AML-XBR-010"],
    });
    expect(named.res.status).toBe(400);
    const err = (await named.res.json()) as { error: { details: Array<{ path: string; message: string }> } };
    expect(err.error.details).toEqual([
      { path: "ruleIds.0", message: expect.stringContaining("settings.country") },
    ]);
    const all = await evaluate(unset, { entityType: "customer", entityId: customerId });
    expect(all.res.status).toBe(200);
    expect(all.body!.result.skippedRules.map((r) => r.ruleId)).toContain("AML-XBR-010");
    expect(all.body!.result.triggeredRules.map((r) => r.ruleId)).not.toContain("AML-XBR-010");
  });

  it("cash out of line with the declared business depends on the declaration", async () => {
    const txs = [
      cash(3_000_000, ago(3)),
      { amountMinor: 1_000_000, transactionDate: ago(2), channel: "card" },
    ];
    const software = await customerWith(t, txs, { businessInfo: { industry: "Software consulting" } });
    const retail = await customerWith(t, txs, { businessInfo: { industry: "Retail grocery" } });
    const rule = await fires(t, software.customerId, "AML-BIZ-011");
    expect(rule.triggered).toBe(true);
    expect(rule.evidence[0]).toMatchObject({ field: "cashSharePercent", observed: "75" });
    expect((await fires(t, retail.customerId, "AML-BIZ-011")).triggered).toBe(false);
  });

  it("cash against the declared business is read over its own 90 days, not the 30-day window", async () => {
    // Cash 70 days back (before the previous window too), one card payment in the window.
    const txs = [
      cash(3_000_000, ago(70)),
      { amountMinor: 1_000_000, transactionDate: ago(2), channel: "card" },
    ];
    const c = await customerWith(t, txs, { businessInfo: { industry: "Software consulting" } });
    const rule = await fires(t, c.customerId, "AML-BIZ-011");
    expect(rule.triggered).toBe(true);
    expect(rule.evidence[0]).toMatchObject({ field: "cashSharePercent", observed: "75" });
    expect(rule.explanation).toContain("over the last 90 days");
  });

  it("ignores failed transactions and transactions outside the window", async () => {
    const c = await customerWith(t, [
      { ...cash(6_000_000, ago(2)), status: "failed" },
      cash(6_000_000, ago(40)),
    ]);
    expect((await fires(t, c.customerId, "AML-LCT-001")).triggered).toBe(false);
    expect((await fires(t, c.customerId, "AML-LCT-001", { windowDays: 60 })).triggered).toBe(true);
  });
});
