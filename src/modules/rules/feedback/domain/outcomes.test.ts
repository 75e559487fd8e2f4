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
      { ruleId: "R", version: 1, status: "closed_reported", n: 3 },
      { ruleId: "R", version: 2, status: "closed_false_positive", n: 1 },
      { ruleId: "R", version: 2, status: "closed_reported", n: 1 },
      { ruleId: "R", version: 1, status: "closed_no_action", n: 5 },
      { ruleId: "R", version: 2, status: "open", n: 7 },
      { ruleId: "Q", version: null, status: "closed_no_action", n: 2 },
    ];
    const tally = (confirmed: number, cleared: number, inconclusive: number) => ({
      confirmed,
      cleared,
      inconclusive,
      sampleSize: confirmed + cleared,
      precision: confirmed + cleared ? confirmed / (confirmed + cleared) : null,
    });
    expect(precisionByRule("aml", rows)).toEqual([
      { ruleId: "Q", ...tally(0, 0, 2), versions: [{ version: null, ...tally(0, 0, 2) }] },
      {
        ruleId: "R",
        ...tally(4, 1, 5),
        versions: [
          { version: 1, ...tally(3, 0, 5) },
          { version: 2, ...tally(1, 1, 0) },
        ],
      },
    ]);
  });
});
