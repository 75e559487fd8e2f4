import { describe, expect, it } from "vitest";
import { WORKFLOW_IDS, WORKFLOWS } from "./catalog";
import { canTransition, formatDuration, isTerminal, RUN_STATUSES } from "./state";

describe("workflow run state machine", () => {
  it("allows exactly pending -> running -> succeeded | failed", () => {
    const allowed = RUN_STATUSES.flatMap((from) =>
      RUN_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed).toEqual(["pending->running", "running->succeeded", "running->failed"]);
  });

  it("succeeded and failed are terminal", () => {
    expect(RUN_STATUSES.filter(isTerminal)).toEqual(["succeeded", "failed"]);
  });

  it("formats duration as seconds with milliseconds, none before completion", () => {
    expect(formatDuration("2026-01-01T00:00:00.000Z", "2026-01-01T00:00:01.234Z")).toBe("1.234s");
    expect(formatDuration("2026-01-01T00:00:00.000Z", null)).toBeNull();
  });
});

describe("built-in catalog", () => {
  it("has the contract's workflows with unique step ids and the required triggers", () => {
    expect(WORKFLOW_IDS).toEqual(expect.arrayContaining(["bhi-refresh", "risk-review", "monthly-reports"]));
    for (const id of WORKFLOW_IDS) {
      const steps = WORKFLOWS[id].steps.map((s) => s.id);
      expect(new Set(steps).size).toBe(steps.length);
      expect(WORKFLOWS[id].id).toBe(id);
    }
    expect(WORKFLOWS["bhi-refresh"].triggers.map((t) => t.type)).toEqual(["manual", "cron"]);
    expect(WORKFLOWS["risk-review"].triggers[1]).toEqual({
      type: "event",
      config: { eventType: "customer.risk_alert" },
    });
    expect(WORKFLOWS["monthly-reports"].triggers[1].config.schedule).toBe("0 3 1 * *");
  });
});
