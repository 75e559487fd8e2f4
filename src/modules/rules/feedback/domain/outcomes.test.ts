import { describe, expect, it } from "vitest";
import { AML_CASE_STATUSES, isTerminal } from "../../../aml/domain/case-machine";
import { CLOSED_STATUSES } from "../../../fraud/domain/case-state";
import { CASE_OUTCOMES, precisionByRule } from "./outcomes";

describe("case feedback", () => {
  it("maps every terminal status of both case machines, and nothing else", () => {
    expect(Object.keys(CASE_OUTCOMES.aml).sort()).toEqual(AML_CASE_STATUSES.filter(isTerminal).sort());
    expect(Object.keys(CASE_OUTCOMES.fraud).sort()).toEqual([...CLOSED_STATUSES].sort());
  });

  it("precision = confirmed / (confirmed + cleared); inconclusive and open cases do not count", () => {
    const rows = [
      { ruleId: "R", status: "closed_reported", n: 3 },
      { ruleId: "R", status: "closed_false_positive", n: 1 },
      { ruleId: "R", status: "closed_no_action", n: 5 },
      { ruleId: "R", status: "open", n: 7 },
      { ruleId: "Q", status: "closed_no_action", n: 2 },
    ];
    expect(precisionByRule("aml", rows)).toEqual([
      { ruleId: "Q", confirmed: 0, cleared: 0, inconclusive: 2, sampleSize: 0, precision: null },
      { ruleId: "R", confirmed: 3, cleared: 1, inconclusive: 5, sampleSize: 4, precision: 0.75 },
    ]);
  });
});
