import { describe, expect, it } from "vitest";
import { SYSTEM_CLOSE, type SystemCloseFacts, systemCloseDecision } from "./withdrawn";
import { OUTCOMES_BY_CLOSE } from "./work";

const untouched: SystemCloseFacts = {
  status: "open",
  openingStatus: "open",
  assigneeId: null,
  tags: [],
  closeRequest: null,
  entries: [
    { eventType: "created", actorType: "system" },
    { eventType: "alert_added", actorType: "system" },
    { eventType: "note_added", actorType: "system" },
    { eventType: "sla_breached", actorType: "system" },
  ],
  alerts: [{ status: "withdrawn" }, { status: "withdrawn" }],
};

describe("system close of a case whose alerts were withdrawn", () => {
  it("closes an untouched case whose every alert is withdrawn", () => {
    expect(systemCloseDecision(untouched)).toEqual({ close: true });
  });

  it("keeps a case one of whose alerts stands, or that names none", () => {
    expect(
      systemCloseDecision({ ...untouched, alerts: [{ status: "withdrawn" }, { status: "open" }] }),
    ).toEqual({
      close: false,
      why: "alert_stands",
    });
    expect(systemCloseDecision({ ...untouched, alerts: [] })).toEqual({ close: false, why: "no_alerts" });
    // Narrowed to rules that still open a case (or, unknown, as stored): it stands.
    expect(
      systemCloseDecision({
        ...untouched,
        alerts: [{ status: "withdrawn" }, { status: "open", opensCase: true }],
      }),
    ).toEqual({ close: false, why: "alert_stands" });
  });

  it("closes a case whose other alert was narrowed to rules that would not open a case", () => {
    expect(
      systemCloseDecision({
        ...untouched,
        alerts: [{ status: "withdrawn" }, { status: "open", opensCase: false }],
      }),
    ).toEqual({ close: true });
  });

  it("keeps a case someone worked: status moved, assignee, tags, a pending close, any entry not the system's", () => {
    const worked: Array<Partial<SystemCloseFacts>> = [
      { status: "under_review" },
      { assigneeId: "analyst-1" },
      { tags: ["watch"] },
      { closeRequest: { toStatus: "closed_cleared" } },
      { entries: [...untouched.entries, { eventType: "note_added", actorType: "user" }] },
      { entries: [...untouched.entries, { eventType: "note_added", actorType: "integration" }] },
      { entries: [...untouched.entries, { eventType: "evidence_added", actorType: "system" }] },
      { entries: [...untouched.entries, { eventType: "linked", actorType: "system" }] },
      { entries: [...untouched.entries, { eventType: "rule_snoozed", actorType: "system" }] },
    ];
    const whys = worked.map((w) => systemCloseDecision({ ...untouched, ...w }));
    expect(whys).toEqual([
      { close: false, why: "not_opening_status" },
      ...Array.from({ length: worked.length - 1 }, () => ({ close: false, why: "worked" })),
    ]);
  });

  it("closes each kind with a status its machine allows and an outcome that status admits", () => {
    for (const { toStatus, outcome } of Object.values(SYSTEM_CLOSE))
      expect(OUTCOMES_BY_CLOSE[toStatus]).toContain(outcome);
  });
});
