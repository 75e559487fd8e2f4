import { describe, expect, it } from "vitest";
import { PEER_FEATURES, type PeerNorm, summarise } from "../../data/domain/peer-stats";
import { AML_RULES, ENTITY_RULES, NETWORK_RULES, ruleById } from "../../detection/domain/aml/rules";
import {
  DEFAULT_THRESHOLDS,
  mergeThresholds,
  THRESHOLD_DEFINITIONS,
} from "../../detection/domain/aml/thresholds";
import { evaluateRules, hasDecision, highestRiskLevel } from "./evaluate";
import { type EntityFeatures, emptyFeatures } from "./features";

const AT = "2026-06-01T00:00:00.000Z";
const opts = { highRiskCountries: ["KP", "IR"], at: AT };

function run(ruleId: string, features: Partial<EntityFeatures>, thresholds = DEFAULT_THRESHOLDS) {
  const [outcome] = evaluateRules(
    { ...emptyFeatures("e1"), ...features },
    [ruleById(ruleId)!],
    thresholds,
    opts,
  );
  return outcome;
}

describe("rule catalog", () => {
  it("has at least 10 rules, each with a decision, thresholds that exist and a regulatory basis", () => {
    expect(AML_RULES.length).toBeGreaterThanOrEqual(10);
    for (const rule of AML_RULES) {
      for (const name of rule.thresholdNames)
        expect(DEFAULT_THRESHOLDS[name], `${rule.ruleId} ${name}`).toBeDefined();
      expect(rule.thresholdNames).toContain(rule.primaryThreshold);
      expect(rule.regulatoryBasis.length).toBeGreaterThan(10);
    }
    expect(new Set(AML_RULES.map((r) => r.ruleId)).size).toBe(AML_RULES.length);
    // Every entity rule has a decision here; network typologies are the network scan's.
    for (const rule of ENTITY_RULES) expect(hasDecision(rule.ruleId), rule.ruleId).toBe(true);
    for (const rule of NETWORK_RULES) expect(hasDecision(rule.ruleId), rule.ruleId).toBe(false);
  });

  it("stays quiet on an entity with no activity", () => {
    const outcomes = evaluateRules(emptyFeatures("e1"), ENTITY_RULES, DEFAULT_THRESHOLDS, opts);
    expect(outcomes.filter((o) => o.triggered)).toEqual([]);
    expect(highestRiskLevel(outcomes)).toBeNull();
  });
});

describe("large cash transaction (>= largeCashAmount)", () => {
  it("fires at exactly the threshold and not one pesewa below", () => {
    expect(run("AML-LCT-001", { maxCashMinor: 5_000_000, largeCashCount: 1 }).triggered).toBe(true);
    expect(run("AML-LCT-001", { maxCashMinor: 4_999_999 }).triggered).toBe(false);
  });
  it("gives counterfactuals on both sides", () => {
    const fired = run("AML-LCT-001", { maxCashMinor: 6_200_000, largeCashCount: 1 });
    expect(fired.counterfactual).toMatchObject({ threshold: "largeCashAmount", flipValue: 62_000.01 });
    expect(fired.evidence[0]).toMatchObject({ observed: "62000.00", threshold: "50000.00", deviation: 0.24 });
    const quiet = run("AML-LCT-001", { maxCashMinor: 4_200_000 });
    expect(quiet.counterfactual).toMatchObject({ flipValue: 42_000 });
    // Applying the counterfactual really flips the outcome.
    const t = mergeThresholds({ largeCashAmount: 62_000.01 });
    expect(run("AML-LCT-001", { maxCashMinor: 6_200_000 }, t).triggered).toBe(false);
  });
  it("follows a tenant override", () => {
    const t = mergeThresholds({ largeCashAmount: 20_000 });
    expect(run("AML-LCT-001", { maxCashMinor: 2_000_000 }, t).triggered).toBe(true);
  });
});

describe("structuring (>= structuringMinCount in band)", () => {
  it("fires at minCount and not below", () => {
    expect(run("AML-STR-002", { structuringMaxCount: 3 }).triggered).toBe(true);
    expect(run("AML-STR-002", { structuringMaxCount: 2 }).triggered).toBe(false);
  });
  it("explains the structuring band", () => {
    expect(run("AML-STR-002", { structuringMaxCount: 3 }).explanation).toContain("[45000.00, 50000.00)");
    expect(run("AML-STR-002", { structuringMaxCount: 4 }).counterfactual?.flipValue).toBe(5);
  });
});

describe("rapid movement (forwarded % >= rapidMovementPercent)", () => {
  it("fires at the percentage edge", () => {
    expect(run("AML-RMF-003", { rapidRatioPercent: 80 }).triggered).toBe(true);
    expect(run("AML-RMF-003", { rapidRatioPercent: 79.99 }).triggered).toBe(false);
    expect(run("AML-RMF-003", { rapidRatioPercent: null }).triggered).toBe(false);
  });
  it("counterfactual flips it", () => {
    const cf = run("AML-RMF-003", { rapidRatioPercent: 92.345 }).counterfactual!;
    expect(cf.flipValue).toBe(92.35);
    expect(
      run(
        "AML-RMF-003",
        { rapidRatioPercent: 92.345 },
        mergeThresholds({ rapidMovementPercent: cf.flipValue }),
      ).triggered,
    ).toBe(false);
  });
});

describe("velocity, dormancy, geography", () => {
  it("velocity at the count edge", () => {
    expect(run("AML-VEL-004", { velocityMaxCount: 25 }).triggered).toBe(true);
    expect(run("AML-VEL-004", { velocityMaxCount: 24 }).triggered).toBe(false);
  });
  it("dormancy needs both the silence and the volume", () => {
    const base = { dormancyGapDays: 180, volumeAfterReactivationMinor: 1_000_000 };
    expect(run("AML-DOR-005", base).triggered).toBe(true);
    expect(run("AML-DOR-005", { ...base, dormancyGapDays: 179 }).triggered).toBe(false);
    expect(run("AML-DOR-005", { ...base, volumeAfterReactivationMinor: 999_999 }).triggered).toBe(false);
    // Volume short: no value of dormancyDays alone flips it.
    expect(run("AML-DOR-005", { ...base, volumeAfterReactivationMinor: 999_999 }).counterfactual).toBeNull();
  });
  it("geography fires on any high-risk transaction by default, and respects the minimum", () => {
    expect(
      run("AML-GEO-006", { highRiskCount: 1, highRiskVolumeMinor: 100, highRiskCountries: ["IR"] }).triggered,
    ).toBe(true);
    expect(run("AML-GEO-006", { highRiskCount: 0 }).triggered).toBe(false);
    const t = mergeThresholds({ highRiskGeographyMinAmount: 5_000 });
    expect(run("AML-GEO-006", { highRiskCount: 1, highRiskVolumeMinor: 499_999 }, t).triggered).toBe(false);
    expect(run("AML-GEO-006", { highRiskCount: 1, highRiskVolumeMinor: 500_000 }, t).triggered).toBe(true);
  });
});

describe("round amounts, fan-in/out, cross-border, declared business", () => {
  it("round amounts need both count and share", () => {
    expect(run("AML-RND-007", { roundCount: 5, roundEligibleCount: 10 }).triggered).toBe(true);
    expect(run("AML-RND-007", { roundCount: 5, roundEligibleCount: 11 }).triggered).toBe(false);
    expect(run("AML-RND-007", { roundCount: 4, roundEligibleCount: 4 }).triggered).toBe(false);
  });
  it("fan-in and fan-out at the counterparty edge with enough volume (no earlier fan)", () => {
    expect(run("AML-FIN-008", { fanInCounterparties: 5, fanInVolumeMinor: 2_000_000 }).triggered).toBe(true);
    expect(run("AML-FIN-008", { fanInCounterparties: 4, fanInVolumeMinor: 9_000_000 }).triggered).toBe(false);
    expect(run("AML-FOUT-009", { fanOutCounterparties: 20, fanOutVolumeMinor: 1_999_999 }).triggered).toBe(
      false,
    );
    expect(run("AML-FOUT-009", { fanOutCounterparties: 22, fanOutVolumeMinor: 2_000_000 }).triggered).toBe(
      true,
    );
  });
  it("fires on a new fan against a quiet history, stating the statistic", () => {
    const fired = run("AML-FIN-008", {
      fanInCounterparties: 9,
      fanInPriorCounterparties: 2,
      fanInVolumeMinor: 3_600_000,
    });
    expect(fired.triggered).toBe(true);
    expect(fired.evidence[0]).toMatchObject({
      field: "distinctCounterparties",
      observed: "9",
      threshold: "6",
    });
    expect(fired.explanation).toBe(
      "36000.00 received from 9 distinct counterparties, 4.5 times the 2 of the previous window of the same length, at or above 6 (the larger of 5 and 3 x the 2 of the previous window of the same length).",
    );
    expect(fired.counterfactual).toMatchObject({ threshold: "fanBaselineMultiple", flipValue: 4.51 });
    const fresh = run("AML-FOUT-009", { fanOutCounterparties: 8, fanOutVolumeMinor: 4_000_000 });
    expect(fresh.triggered).toBe(true);
    expect(fresh.explanation).toMatch(/none in the previous window/);
    expect(fresh.counterfactual).toMatchObject({ threshold: "fanOutMinCounterparties", flipValue: 9 });
  });
  it("does not fire on a steady high-fan entity (an agent, a payroll employer)", () => {
    const payroll = run("AML-FOUT-009", {
      fanOutCounterparties: 40,
      fanOutPriorCounterparties: 38,
      fanOutVolumeMinor: 12_000_000,
    });
    expect(payroll.triggered).toBe(false);
    expect(payroll.explanation).toMatch(
      /^40 distinct counterparties to which 120000\.00 moved, 1\.05 times the 38/,
    );
    expect(payroll.counterfactual).toMatchObject({ threshold: "fanBaselineMultiple", flipValue: 1.05 });
    const agent = run("AML-FIN-008", {
      fanInCounterparties: 300,
      fanInPriorCounterparties: 260,
      fanInVolumeMinor: 90_000_000,
    });
    expect(agent.triggered).toBe(false);
    // Multiple 0: the minimum count alone (the former fixed rule).
    const fixed = mergeThresholds({ fanBaselineMultiple: 0, fanInMinCounterparties: 20 });
    expect(
      run(
        "AML-FIN-008",
        { fanInCounterparties: 300, fanInPriorCounterparties: 260, fanInVolumeMinor: 90_000_000 },
        fixed,
      ).triggered,
    ).toBe(true);
  });
  it("cross-border fires only when exceeding (strictly) the threshold", () => {
    expect(run("AML-XBR-010", { crossBorderMaxMinor: 1_200_000 }).triggered).toBe(false);
    expect(run("AML-XBR-010", { crossBorderMaxMinor: 1_200_001 }).triggered).toBe(true);
    expect(run("AML-XBR-010", { crossBorderMaxMinor: 1_500_000 }).counterfactual?.flipValue).toBe(15_000);
    expect(run("AML-XBR-010", { crossBorderMaxMinor: 1_000_000 }).counterfactual?.flipValue).toBe(9_999.99);
  });
  it("cash share is judged against the declared business", () => {
    // Over its own profile window (profileWindowDays) as well as the evaluated window.
    const cashy = { profileCashVolumeMinor: 6_000_000, profileVolumeMinor: 10_000_000 };
    expect(run("AML-BIZ-011", { ...cashy, declaredBusiness: "software consulting" }).triggered).toBe(true);
    expect(run("AML-BIZ-011", { ...cashy, declaredBusiness: "Retail grocery" }).triggered).toBe(false);
    expect(
      run("AML-BIZ-011", { profileCashVolumeMinor: 5_000_000, profileVolumeMinor: 10_000_000 }).triggered,
    ).toBe(false);
    expect(
      run("AML-BIZ-011", { profileCashVolumeMinor: 1_900_000, profileVolumeMinor: 2_000_000 }).triggered,
    ).toBe(false);
    // The evaluated window is read too: a recent burst is not diluted by the older months.
    const recent = run("AML-BIZ-011", {
      cashVolumeMinor: 6_000_000,
      volumeMinor: 10_000_000,
      profileCashVolumeMinor: 6_000_000,
      profileVolumeMinor: 30_000_000,
    });
    expect(recent.triggered).toBe(true);
    expect(recent.explanation).toContain("60% of volume in the window");
    expect(recent.counterfactual?.flipValue).toBe(60);
  });
});

describe("highest risk level", () => {
  it("is the highest among triggered rules only", () => {
    const outcomes = evaluateRules(
      {
        ...emptyFeatures("e"),
        maxCashMinor: 6_000_000,
        largeCashCount: 1,
        structuringMaxCount: 1,
        roundCount: 6,
        roundEligibleCount: 6,
      },
      ENTITY_RULES,
      DEFAULT_THRESHOLDS,
      opts,
    );
    expect(outcomes.filter((o) => o.triggered).map((o) => o.ruleId)).toEqual(["AML-LCT-001", "AML-RND-007"]);
    expect(highestRiskLevel(outcomes)).toBe("medium");
  });
});

describe("counterfactual of a fired rule beyond the threshold's range", () => {
  it("still says what would keep it quiet, and that no setting can", () => {
    const max = THRESHOLD_DEFINITIONS.find((d) => d.name === "largeCashAmount")!.max;
    // A cash transaction larger than any configurable largeCashAmount.
    const outcome = run("AML-LCT-001", { txCount: 1, maxCashMinor: (max + 1_000) * 100, largeCashCount: 1 });
    expect(outcome.triggered).toBe(true);
    expect(outcome.counterfactual?.flipValue).toBeGreaterThan(max);
    expect(outcome.counterfactual?.statement).toContain("no setting of largeCashAmount");
  });
});

describe("fan rules against the peer group (docs/methodology/peers.md)", () => {
  const values = Array.from({ length: 30 }, (_, i) => 10 + (i % 5)); // 10..14, 6 of each
  const stats = Object.fromEntries(PEER_FEATURES.map((f) => [f, summarise(values)])) as PeerNorm["stats"];
  const peer: PeerNorm = { group: "customer|business|trading|-", members: 30, asOf: AT, stats };
  // median 12, MAD 1 -> 12 + 3 x 1.4826 = 16.45; q95 = 14: the bar is 17 (rounded up)
  const bar = Math.ceil(
    Math.max(stats.senders30.q95, stats.senders30.median + 3 * 1.4826 * stats.senders30.mad),
  );
  const fan = (n: number, withPeer: PeerNorm | null) =>
    evaluateRules(
      { ...emptyFeatures("e1"), fanInCounterparties: n, fanInVolumeMinor: 9_000_000 },
      [ruleById("AML-FIN-008")!],
      DEFAULT_THRESHOLDS,
      { ...opts, peer: withPeer },
    )[0]!;

  it("a fan ordinary for its peers does not fire; one above their bar does", () => {
    expect(bar).toBe(17);
    expect(fan(bar - 1, null).triggered).toBe(true);
    const held = fan(bar - 1, peer);
    expect(held.triggered).toBe(false);
    expect(held.explanation).toMatch(/Within the normal of its 30 peers/);
    const fired = fan(bar, peer);
    expect(fired.triggered).toBe(true);
    expect(fired.evidence).toContainEqual(
      expect.objectContaining({ field: "peerCounterparties", threshold: "17" }),
    );
  });

  it("peerMadMultiple 0 turns the peer condition off", () => {
    const off = evaluateRules(
      { ...emptyFeatures("e1"), fanInCounterparties: 6, fanInVolumeMinor: 9_000_000 },
      [ruleById("AML-FIN-008")!],
      mergeThresholds({ peerMadMultiple: 0 }),
      { ...opts, peer },
    )[0]!;
    expect(off.triggered).toBe(true);
  });
});
