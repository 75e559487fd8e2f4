import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_THRESHOLDS, THRESHOLD_DEFINITIONS } from "../../src/modules/detection/domain/aml/thresholds";
import { SIGNALS } from "../../src/modules/detection/domain/fraud/catalog";
import { niceRound, UNITS_PER_GHS } from "../../src/modules/rules/domain/currency";
import { call, createTenant, json, type TestTenant } from "../harness";
import { putDraft } from "./helpers";

// Derived from the reference table, not restated: a GHS default times the USD factor, 1-2-5 rounded.
const usd = (ghs: number) => niceRound(ghs * UNITS_PER_GHS.USD!);
const ghsParameter = (signalId: string, name: string) =>
  SIGNALS.find((s) => s.signalId === signalId)!.parameters[name]!;
const moneyThresholds = THRESHOLD_DEFINITIONS.filter((d) => d.unit === "money").map((d) => d.name);

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "USD rule sets", settings: { currency: "USD" } });
});

interface DraftBody {
  draft: {
    content: {
      builtins: Record<string, { parameters: Record<string, number> }>;
      thresholds?: Record<string, number>;
    };
  };
}

describe("drafts and PUT thresholds complete from the tenant's currency-scaled defaults", () => {
  it("a fraud draft omitting a money parameter (or a whole built-in) gets the USD figure", async () => {
    const res = await putDraft(t.key, "fraud", {
      builtins: {
        velocity_amount: { enabled: true, severity: "high", parameters: { baselineMultiple: 4 }, weight: 1 },
      },
    });
    expect(res.status).toBe(200);
    const { builtins } = (await json<DraftBody>(res)).draft.content;
    const ghs = ghsParameter("velocity_amount", "minAmountMinor");
    expect(usd(ghs)).not.toBe(ghs);
    expect(builtins.velocity_amount!.parameters).toEqual({
      minAmountMinor: usd(ghs),
      baselineMultiple: 4,
      peerMadMultiple: 3,
    });
    expect(builtins.new_entity_high_activity!.parameters.minAmountMinor).toBe(
      usd(ghsParameter("new_entity_high_activity", "minAmountMinor")),
    );
  });

  it("an AML draft omitting money thresholds gets the USD figures", async () => {
    const res = await putDraft(t.key, "aml", { thresholds: { structuringMinCount: 4 } });
    expect(res.status).toBe(200);
    const { thresholds } = (await json<DraftBody>(res)).draft.content;
    expect(thresholds!.structuringMinCount).toBe(4);
    for (const name of moneyThresholds) expect(thresholds![name]).toBe(usd(DEFAULT_THRESHOLDS[name]!));
  });

  it("PUT /v1/kyc-aml/thresholds returns the names it leaves out to the USD defaults", async () => {
    const put = await call("PUT", "/v1/kyc-aml/thresholds", {
      key: t.key,
      body: { thresholds: { structuringMinCount: 5 } },
    });
    expect(put.status).toBe(200);
    const body = await json<{ thresholds: Record<string, number>; overrides: Record<string, number> }>(put);
    for (const name of moneyThresholds) expect(body.thresholds[name]).toBe(usd(DEFAULT_THRESHOLDS[name]!));
    // Overrides are measured against the tenant's defaults: only what it changed.
    expect(body.overrides).toEqual({ structuringMinCount: 5 });
  });
});
