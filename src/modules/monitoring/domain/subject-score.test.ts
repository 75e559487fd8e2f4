import { describe, expect, it } from "vitest";
import { DEFAULT_ALERT_SCORE, RULE_PRIORS, riskScore } from "./risk-score";
import { subjectScores } from "./subject-score";

const aml = (ruleId: string) => ({ kind: "aml" as const, ruleId, severity: "medium" });
const fraud = (ruleId: string) => ({ kind: "fraud" as const, ruleId, severity: "medium" });

describe("the subject risk score", () => {
  // Two rules each under the default alert score alone, over it together (from their priors).
  const a = fraud("rapid_pass_through");
  const b = aml("AML-RMF-003");
  const alone = (r: typeof a | typeof b) => riskScore([r]).score;
  const together = riskScore([a, b]).score;

  it("raises a customer's and its account's held screenings when together they reach the alert score", () => {
    expect(RULE_PRIORS.rapid_pass_through).toBeDefined();
    expect(alone(a)).toBeLessThan(DEFAULT_ALERT_SCORE);
    expect(alone(b)).toBeLessThan(DEFAULT_ALERT_SCORE);
    expect(together).toBeGreaterThanOrEqual(DEFAULT_ALERT_SCORE);
    const scores = subjectScores(
      [
        { subject: "c1", fired: [a], held: true },
        { subject: "c1", fired: [b], held: true },
      ],
      DEFAULT_ALERT_SCORE,
    );
    expect(scores.map((s) => s?.score)).toEqual([together, together]);
  });

  it("leaves them held below it, alone, with no subject, or raised already", () => {
    const held = { subject: "c1", fired: [a], held: true };
    expect(subjectScores([held, { subject: "c1", fired: [b], held: true }], together + 1)).toEqual([
      null,
      null,
    ]);
    expect(subjectScores([held, { subject: "c2", fired: [b], held: true }], DEFAULT_ALERT_SCORE)).toEqual([
      null,
      null,
    ]);
    expect(
      subjectScores(
        [
          { ...held, subject: null },
          { subject: null, fired: [b], held: true },
        ],
        DEFAULT_ALERT_SCORE,
      ),
    ).toEqual([null, null]);
    // The raised member is not raised again; the held one is, with the subject's score.
    const scores = subjectScores([held, { subject: "c1", fired: [b], held: false }], 60);
    expect(scores[1]).toBeNull();
    expect(scores[0]?.score).toBe(together);
  });

  it("counts a rule fired on two of the subject's entities once", () => {
    const scores = subjectScores(
      [
        { subject: "c1", fired: [a], held: true },
        { subject: "c1", fired: [a], held: true },
      ],
      alone(a) + 1,
    );
    expect(scores).toEqual([null, null]);
  });
});
