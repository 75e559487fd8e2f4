import { describe, expect, it } from "vitest";
import { alertNote, amlCaseRules, fraudOpensCase, highestSeverity } from "./outcome";

describe("outcome rules", () => {
  it("takes the highest severity", () => {
    expect(highestSeverity(["medium", "critical", "low"])).toBe("critical");
    expect(highestSeverity(["medium", "high"])).toBe("high");
    expect(highestSeverity([])).toBe("low");
  });

  it("opens a fraud case from the live threshold, 30 when the version sets none, never without a fired signal", () => {
    expect(fraudOpensCase(1, 30, undefined)).toBe(true);
    expect(fraudOpensCase(1, 29.9, undefined)).toBe(false);
    expect(fraudOpensCase(2, 55, 60)).toBe(false);
    expect(fraudOpensCase(2, 60, 60)).toBe(true);
    expect(fraudOpensCase(0, 90, 10)).toBe(false);
  });

  it("lets an AML rule open a case unless its built-in or custom config says opensCase false", () => {
    const content = {
      builtins: { large_cash: { opensCase: false }, structuring: {}, velocity: { opensCase: true } },
      custom: [{ ruleId: "c1", opensCase: false }, { ruleId: "c2" }],
    };
    expect(amlCaseRules(["large_cash", "structuring", "velocity", "c1", "c2", "unknown"], content)).toEqual([
      "structuring",
      "velocity",
      "c2",
      "unknown",
    ]);
  });

  it("names the alert, its trigger and rules in the note", () => {
    expect(alertNote({ alertId: "a1", trigger: "arrival", ruleIds: ["r1", "r2"] })).toBe(
      "Monitoring alert a1 (arrival): r1, r2",
    );
  });
});
