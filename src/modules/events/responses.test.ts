import { describe, expect, it } from "vitest";
import { catalogIssues } from "./responses";
import { EVENT_TYPES } from "./service";

const alertRaised = {
  alertId: "a1",
  entityType: "customer",
  entityId: "c1",
  severity: "high",
  score: 72,
  ruleIds: ["velocity_spike"],
  trigger: "arrival",
  ruleSet: { kind: "fraud", version: 3, hash: "f".repeat(64) },
};

describe("the event catalog", () => {
  it("accepts data in the documented shape", () => {
    expect(catalogIssues("fraud.alert_raised", alertRaised)).toEqual([]);
  });

  it("names a missing field, an undocumented one and a value out of range", () => {
    const { ruleIds: _r, ...missing } = alertRaised;
    expect(catalogIssues("fraud.alert_raised", missing)).toEqual([
      expect.stringContaining("fraud.alert_raised: ruleIds"),
    ]);
    expect(catalogIssues("fraud.alert_raised", { ...alertRaised, extra: 1 })).toHaveLength(1);
    expect(catalogIssues("fraud.alert_raised", { ...alertRaised, score: 140 })).toEqual([
      expect.stringContaining("score"),
    ]);
  });

  it("refuses a type it does not list", () => {
    expect(catalogIssues("fraud.something_else", {})).toEqual([
      "fraud.something_else: not in the event catalog",
    ]);
  });

  it("has an entry for every event type", () => {
    for (const type of EVENT_TYPES)
      expect(catalogIssues(type, null)).not.toContain(`${type}: not in the event catalog`);
  });
});
