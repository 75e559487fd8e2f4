import { describe, expect, it } from "vitest";
import { CASE_STATUSES, type CaseStatus, canTransition, decideEvent, TRANSITIONS } from "./case-state";

const ALLOWED: Array<[CaseStatus, CaseStatus[]]> = [
  [
    "open",
    ["under_review", "pending_info", "escalated", "closed_cleared", "closed_suspicious", "closed_reported"],
  ],
  ["under_review", ["pending_info", "escalated", "closed_cleared", "closed_suspicious", "closed_reported"]],
  ["pending_info", ["under_review", "escalated", "closed_cleared", "closed_suspicious", "closed_reported"]],
  ["escalated", ["under_review", "pending_info", "closed_cleared", "closed_suspicious", "closed_reported"]],
  ["closed_cleared", []],
  ["closed_suspicious", []],
  ["closed_reported", []],
];

describe("fraud case transitions", () => {
  it("match the contract's table exactly", () => {
    expect(Object.entries(TRANSITIONS)).toEqual(ALLOWED);
  });

  // Every (from, to) pair: allowed ones succeed, all others (including same status) are refused.
  const pairs = CASE_STATUSES.flatMap((from) => CASE_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)("%s -> %s", (from, to) => {
    const allowed = ALLOWED.find(([f]) => f === from)![1].includes(to);
    expect(canTransition(from, to)).toBe(allowed);
    const decision = decideEvent(from, { eventType: "status_changed", newStatus: to });
    if (allowed) expect(decision).toEqual({ ok: true, previousStatus: from, newStatus: to, statusAfter: to });
    else expect(decision).toMatchObject({ ok: false, code: "invalid_transition" });
  });
});

describe("event requirements", () => {
  it("status_changed needs newStatus", () => {
    expect(decideEvent("open", { eventType: "status_changed" })).toMatchObject({
      ok: false,
      code: "bad_request",
      path: "newStatus",
    });
  });
  it("escalated moves to escalated, and only there", () => {
    expect(decideEvent("open", { eventType: "escalated" })).toMatchObject({
      ok: true,
      newStatus: "escalated",
    });
    expect(decideEvent("open", { eventType: "escalated", newStatus: "under_review" })).toMatchObject({
      ok: false,
      code: "bad_request",
    });
    expect(decideEvent("escalated", { eventType: "escalated" })).toMatchObject({
      ok: false,
      code: "invalid_transition",
    });
  });
  it("closed needs a closed_* newStatus", () => {
    expect(decideEvent("open", { eventType: "closed" })).toMatchObject({ ok: false, code: "bad_request" });
    expect(decideEvent("open", { eventType: "closed", newStatus: "under_review" })).toMatchObject({
      ok: false,
      code: "bad_request",
    });
    expect(decideEvent("open", { eventType: "closed", newStatus: "closed_reported" })).toMatchObject({
      ok: true,
      statusAfter: "closed_reported",
    });
  });
  it("assigned needs assigneeId; note_added needs noteContent; evidence_added needs evidenceType", () => {
    expect(decideEvent("open", { eventType: "assigned" })).toMatchObject({ ok: false, path: "assigneeId" });
    expect(decideEvent("open", { eventType: "assigned", assigneeId: "u1" })).toMatchObject({
      ok: true,
      newStatus: null,
      statusAfter: "open",
    });
    expect(decideEvent("open", { eventType: "note_added", noteContent: "  " })).toMatchObject({
      ok: false,
      path: "noteContent",
    });
    expect(decideEvent("open", { eventType: "evidence_added" })).toMatchObject({
      ok: false,
      path: "evidenceType",
    });
    expect(decideEvent("open", { eventType: "unassigned" })).toMatchObject({ ok: true });
  });
  it("refuses created and a newStatus on non-status events", () => {
    expect(decideEvent("open", { eventType: "created" })).toMatchObject({ ok: false, code: "bad_request" });
    expect(
      decideEvent("open", { eventType: "note_added", noteContent: "x", newStatus: "escalated" }),
    ).toMatchObject({ ok: false, path: "newStatus" });
  });
  it("a closed case takes notes and evidence, nothing else", () => {
    expect(
      decideEvent("closed_cleared", { eventType: "note_added", noteContent: "follow-up" }),
    ).toMatchObject({ ok: true, statusAfter: "closed_cleared" });
    expect(
      decideEvent("closed_cleared", { eventType: "evidence_added", evidenceType: "document" }),
    ).toMatchObject({ ok: true });
    expect(decideEvent("closed_cleared", { eventType: "assigned", assigneeId: "u1" })).toMatchObject({
      ok: false,
      code: "invalid_transition",
    });
    expect(decideEvent("closed_cleared", { eventType: "escalated" })).toMatchObject({
      ok: false,
      code: "invalid_transition",
    });
  });
});
