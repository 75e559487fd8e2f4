import { describe, expect, it } from "vitest";
import { contentHash } from "./canonical";
import { defaultContent } from "./defaults";
import { checkContent } from "./validate";

const paths = (problems: Array<{ path: string }>) => problems.map((p) => p.path);
const rule = (extra: Record<string, unknown> = {}) =>
  ({
    ruleId: "big_cash",
    name: "Big cash",
    enabled: true,
    appliesTo: ["customer"],
    severity: "high",
    score: 40,
    reason: "Large cash",
    counterfactual: "Quiet below the amount",
    condition: {
      op: "compare",
      aggregate: { fn: "sum", field: "amount", windowDays: 7 },
      comparator: ">=",
      to: { value: 1000 },
    },
    ...extra,
  }) as never;

describe("case-opening content fields", () => {
  it("leaves the content hash of a document without them as it was before they existed", async () => {
    // Hashes of the defaults as published before the fields were added (pinned). The fraud one
    // moved three times since, by design: amount_spike's parameters became robust (madMultiple added),
    // then it was turned off by default (issue 34's benchmark), then new_payee_drain and
    // refund_beyond_purchase joined the catalog; the
    // AML one when the fan rules became relative to the previous window (fanBaselineMultiple added)
    // when the network typologies joined the catalog (their builtins and thresholds), and when
    // AML-FOUT-009 was turned off by default (AML-FNO-017 replaces it), and with AML-SMF-018.
    // Both moved again when the "unusual" rules took a peer condition (peerMadMultiple, issue 34
    // item 2: docs/methodology/peers.md). The fraud one moved when new_payee_drain's
    // minBaselineCount went from 10 to 35 (docs/methodology/fraud.md#new-payee-drain). The AML one
    // moved when the network shapes took networkPassPercent 90 as their own default
    // (AML_DEFAULT_PARAMETERS: docs/methodology/typologies.md#a-second-generator), and when
    // AML-BIZ-011 took its own window (profileWindowDays, docs/methodology/aml.md), and when
    // cycleMaxHops went from 6 to 10 (docs/methodology/typologies.md#kept-rings-of-up-to-10-hops).
    // The fraud one moved when new_payee_drain read each hour with its neighbours (neighbourHours,
    // rareHourShare 0.1) and took a burst multiple (burstPayees, burstMultiple), and
    // refund_beyond_purchase took minSingleExcessMinor (docs/methodology/fraud.md#new-payee-drain).
    expect(await contentHash(checkContent("fraud", {}).content)).toBe(
      "cf323860b7d53832310eb5b2b3a723a142618c292aa923b675490b8275929e01",
    );
    expect(await contentHash(checkContent("aml", {}).content)).toBe(
      "d8cee944f1390b2a0b6ea02df1bf6de0a517c29613e5cde520e02ca7e9c05426",
    );
    expect("createCaseThreshold" in checkContent("fraud", {}).content).toBe(false);
  });

  it("keeps fraud createCaseThreshold and AML opensCase, and they change the hash", async () => {
    const fraud = checkContent("fraud", { createCaseThreshold: 55 });
    expect(fraud.problems).toEqual([]);
    expect(fraud.content.createCaseThreshold).toBe(55);
    expect(await contentHash(fraud.content)).not.toBe(await contentHash(checkContent("fraud", {}).content));
    const cash = defaultContent("aml").builtins["AML-LCT-001"]!;
    const aml = checkContent("aml", {
      builtins: { "AML-LCT-001": { ...cash, opensCase: false } },
      custom: [rule({ opensCase: false })],
    });
    expect(aml.problems).toEqual([]);
    expect(aml.content.builtins["AML-LCT-001"]!.opensCase).toBe(false);
    expect(aml.content.custom[0]!.opensCase).toBe(false);
  });

  it("names each misplaced or out-of-range field by its path", () => {
    expect(paths(checkContent("aml", { createCaseThreshold: 40 }).problems)).toEqual(["createCaseThreshold"]);
    expect(paths(checkContent("fraud", { createCaseThreshold: 101 }).problems)).toEqual([
      "createCaseThreshold",
    ]);
    const velocity = defaultContent("fraud").builtins.velocity_count!;
    const problems = checkContent("fraud", {
      builtins: { velocity_count: { ...velocity, opensCase: true } },
      custom: [rule(), rule({ ruleId: "other", opensCase: false })],
    }).problems;
    expect(paths(problems)).toEqual(["builtins.velocity_count.opensCase", "custom.1.opensCase"]);
  });
});
