import { describe, expect, it } from "vitest";
import { AML_CASE_STATUSES, canTransition, isTerminal, statusDetails } from "./case-machine";

// docs/contract.md#aml-cases, written out independently of the implementation's table.
const ALLOWED = new Set([
  "open>under_investigation",
  "open>pending_information",
  "open>escalated",
  "open>closed_false_positive",
  "open>closed_no_action",
  "under_investigation>pending_information",
  "under_investigation>escalated",
  "under_investigation>closed_false_positive",
  "under_investigation>closed_no_action",
  "under_investigation>closed_reported",
  "pending_information>under_investigation",
  "pending_information>escalated",
  "pending_information>closed_no_action",
  "escalated>under_investigation",
  "escalated>closed_no_action",
  "escalated>closed_reported",
]);

describe("AML case state machine", () => {
  it.each(AML_CASE_STATUSES.flatMap((from) => AML_CASE_STATUSES.map((to) => [from, to] as const)))(
    "%s -> %s follows the contract",
    (from, to) => {
      expect(canTransition(from, to)).toBe(ALLOWED.has(`${from}>${to}`));
    },
  );

  it("has exactly the three closed states as terminal", () => {
    expect(AML_CASE_STATUSES.filter(isTerminal)).toEqual([
      "closed_false_positive",
      "closed_no_action",
      "closed_reported",
    ]);
  });

  it("describes every status with a label", () => {
    const details = statusDetails();
    expect(details.map((d) => d.status)).toEqual([...AML_CASE_STATUSES]);
    for (const d of details) expect(d.label.length).toBeGreaterThan(0);
    expect(details.find((d) => d.status === "open")?.isTerminal).toBe(false);
  });
});
