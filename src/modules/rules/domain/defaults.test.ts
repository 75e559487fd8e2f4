import { describe, expect, it } from "vitest";
import { AML_RULES } from "../../detection/domain/aml/rules";
import { THRESHOLD_DEFINITIONS } from "../../detection/domain/aml/thresholds";
import { SIGNALS } from "../../detection/domain/fraud/catalog";
import { contentHash } from "./canonical";
import { AML_DEFAULT_PARAMETERS, defaultContent, type RuleSetSettings, versionZero } from "./defaults";
import type { RuleSetKind } from "./document";
import { FRAUD_PARAMETER_BOUNDS, parameterProblem } from "./parameters";
import { checkContent } from "./validate";

describe("defaultContent", () => {
  it("fraud: every signal with its catalog state, severity and parameters, weight 1, no thresholds", () => {
    const content = defaultContent("fraud");
    expect(Object.keys(content.builtins)).toEqual(SIGNALS.map((s) => s.signalId));
    for (const s of SIGNALS) {
      expect(content.builtins[s.signalId]).toEqual({
        enabled: s.isEnabled,
        severity: s.defaultSeverity,
        parameters: s.parameters,
        weight: 1,
      });
    }
    expect(content.thresholds).toBeUndefined();
    expect(content.custom).toEqual([]);
  });

  it("aml: every rule with its catalog state and risk level, overrides only for the network shapes, every threshold default", () => {
    const content = defaultContent("aml");
    expect(Object.keys(content.builtins)).toEqual(AML_RULES.map((r) => r.ruleId));
    const shapes = ["AML-CYC-012", "AML-SGA-013", "AML-GSC-014", "AML-LAY-015"];
    for (const r of AML_RULES) {
      expect(content.builtins[r.ruleId]).toEqual({
        enabled: r.isEnabled,
        severity: r.defaultRiskLevel,
        parameters: shapes.includes(r.ruleId) ? { networkPassPercent: 90 } : {},
        weight: 1,
      });
    }
    // The shapes' pass share is stricter than the shared one (the fans' drains keep 85), within
    // the threshold's bounds, and each shape rule reads the threshold it overrides.
    const pass = THRESHOLD_DEFINITIONS.find((d) => d.name === "networkPassPercent")!;
    for (const id of shapes) {
      const value = AML_DEFAULT_PARAMETERS[id]!.networkPassPercent!;
      expect(value).toBeGreaterThan(pass.defaultValue);
      expect(value).toBeLessThanOrEqual(pass.max);
      expect(AML_RULES.find((r) => r.ruleId === id)!.thresholdNames).toContain("networkPassPercent");
    }
    expect(content.thresholds).toEqual(
      Object.fromEntries(THRESHOLD_DEFINITIONS.map((d) => [d.name, d.defaultValue])),
    );
  });

  it("returns a fresh object each time (callers may change it)", () => {
    const a = defaultContent("aml");
    a.builtins["AML-LCT-001"].parameters.largeCashAmount = 1;
    expect(defaultContent("aml").builtins["AML-LCT-001"].parameters).toEqual({});
  });

  it("passes its own validation, and every fraud parameter has bounds its default meets", () => {
    for (const kind of ["fraud", "aml"] as const) {
      expect(checkContent(kind, defaultContent(kind)).problems).toEqual([]);
    }
    for (const s of SIGNALS) {
      for (const [name, value] of Object.entries(s.parameters)) {
        expect(FRAUD_PARAMETER_BOUNDS[name], name).toBeDefined();
        expect(parameterProblem(FRAUD_PARAMETER_BOUNDS[name], value), name).toBeNull();
      }
    }
  });
});

describe("checkContent", () => {
  it("fills left-out built-ins, parameters and thresholds from the defaults", () => {
    const { content, problems } = checkContent("aml", {
      builtins: {
        "AML-STR-002": {
          enabled: false,
          severity: "high",
          parameters: { structuringMinCount: 4 },
          weight: 2,
        },
      },
      thresholds: { largeCashAmount: 40000 },
    });
    expect(problems).toEqual([]);
    expect(Object.keys(content.builtins)).toHaveLength(AML_RULES.length);
    expect(content.builtins["AML-STR-002"]).toMatchObject({
      enabled: false,
      parameters: { structuringMinCount: 4 },
    });
    expect(content.thresholds).toMatchObject({ largeCashAmount: 40000, structuringMinCount: 3 });
  });

  it("names every problem by path: unknown built-in, parameter the rule does not read, out of range", () => {
    const { problems } = checkContent("aml", {
      builtins: {
        "AML-XXX-999": { enabled: true, severity: "low", parameters: {}, weight: 1 },
        "AML-LCT-001": {
          enabled: true,
          severity: "low",
          parameters: { dormancyDays: 100, largeCashAmount: -5 },
          weight: 1,
        },
      },
      thresholds: { velocityWindowHours: 1000 },
    });
    expect(problems.map((p) => p.path).sort()).toEqual([
      "builtins.AML-LCT-001.parameters.dormancyDays",
      "builtins.AML-LCT-001.parameters.largeCashAmount",
      "builtins.AML-XXX-999",
      "thresholds.velocityWindowHours",
    ]);
  });
});

describe("versionZero", () => {
  it("hashes version 0's content as contentHash does, per kind, currency and legacy override", async () => {
    const cases: Array<[RuleSetKind, RuleSetSettings, Record<string, number> | null]> = [
      ["fraud", {}, null],
      ["fraud", { currency: "NGN" }, null],
      ["aml", {}, null],
      ["aml", { currency: "KES" }, null],
      ["aml", {}, { largeCashAmount: 12_000 }],
      ["aml", {}, { largeCashAmount: 13_000 }],
      // A legacy override means nothing to fraud: the same content, the same hash.
      ["fraud", {}, { largeCashAmount: 12_000 }],
    ];
    const hashes = [];
    for (const [kind, settings, legacy] of cases) {
      const first = versionZero(kind, settings, legacy);
      const expected = defaultContent(kind, settings);
      if (kind === "aml" && legacy) expected.thresholds = { ...expected.thresholds, ...legacy };
      expect(first.content).toEqual(expected);
      expect(await first.hash).toBe(await contentHash(expected));
      // Asked again: the same hash, and content of its own (a caller may change it).
      const again = versionZero(kind, settings, legacy);
      expect(await again.hash).toBe(await first.hash);
      expect(again.content).not.toBe(first.content);
      hashes.push(await first.hash);
    }
    expect(new Set(hashes).size).toBe(cases.length - 1);
    expect(hashes[6]).toBe(hashes[0]);
  });
});
