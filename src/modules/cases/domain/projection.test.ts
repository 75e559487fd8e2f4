import { describe, expect, it } from "vitest";
import { applyWork, breachRecordable, decideWork, planTags, workDiff } from "./projection";
import { type CaseWork, type CloseRequest, MAX_TAGS_PER_CASE } from "./work";

const empty: CaseWork = {
  assigneeId: null,
  assigneeName: null,
  dueAt: "2026-03-02T00:00:00.000Z",
  strDueAt: null,
  slaBreachedDueAt: null,
  tags: [],
  outcome: null,
  closeRequest: null,
};
const request: CloseRequest = {
  toStatus: "closed_cleared",
  outcome: "false_positive",
  actorId: "analyst-1",
  actorName: null,
  requestedAt: "2026-03-01T10:00:00.000Z",
  principal: "integration:key-a",
};

describe("decideWork and applyWork", () => {
  it("assigns, and refuses an unassignment of a case nobody holds", () => {
    const assign = decideWork(
      empty,
      { type: "assign", assigneeId: "u1", assigneeName: "Ama" },
      { actorId: "a" },
    );
    expect(assign).toMatchObject({
      ok: true,
      entryType: "assigned",
      facts: { assigneeId: "u1", assigneeName: "Ama" },
    });
    if (!assign.ok || !assign.change) throw new Error("assign refused");
    const held = applyWork(empty, assign.change);
    expect([held.assigneeId, held.assigneeName]).toEqual(["u1", "Ama"]);
    expect(decideWork(empty, { type: "unassign" }, { actorId: "a" })).toMatchObject({
      ok: false,
      code: "conflict",
    });
    const un = decideWork(held, { type: "unassign" }, { actorId: "a" });
    expect(un).toMatchObject({ ok: true, entryType: "unassigned", facts: { previousAssigneeId: "u1" } });
    if (!un.ok || !un.change) throw new Error("unassign refused");
    expect(applyWork(held, un.change).assigneeId).toBeNull();
  });

  it("a tag already there is no change; the limit is a 400 naming add", () => {
    const tagged = applyWork(empty, { type: "tag_added", tag: "mule" });
    expect(tagged.tags).toEqual(["mule"]);
    expect(decideWork(tagged, { type: "tag", tag: "mule", adding: true }, { actorId: "a" })).toMatchObject({
      ok: false,
      code: "no_change",
    });
    expect(decideWork(empty, { type: "tag", tag: "mule", adding: false }, { actorId: "a" })).toMatchObject({
      ok: false,
      code: "no_change",
    });
    const full = { ...empty, tags: Array.from({ length: MAX_TAGS_PER_CASE }, (_, i) => `t${i}`) };
    expect(decideWork(full, { type: "tag", tag: "one-more", adding: true }, { actorId: "a" })).toMatchObject({
      ok: false,
      code: "bad_request",
      path: "add",
      detail: `the case has ${MAX_TAGS_PER_CASE} tags`,
    });
  });

  it("four-eyes compares principals: the requester's key cannot confirm, another can; anyone rejects", () => {
    const pending = applyWork(empty, { type: "close_requested", request });
    expect(pending.closeRequest).toEqual(request);
    expect(
      decideWork(pending, { type: "confirm_close" }, { actorId: "lead-1", principal: "integration:key-a" }),
    ).toMatchObject({ ok: false, code: "second_actor_required" });
    const confirmed = decideWork(
      pending,
      { type: "confirm_close" },
      { actorId: "lead-1", principal: "user:u2" },
    );
    expect(confirmed).toMatchObject({
      ok: true,
      entryType: "close_confirmed",
      change: null,
      facts: { toStatus: "closed_cleared", outcome: "false_positive", requestedBy: "analyst-1" },
    });
    const rejected = decideWork(
      pending,
      { type: "reject_close" },
      { actorId: "analyst-1", principal: "integration:key-a" },
    );
    expect(rejected).toMatchObject({
      ok: true,
      entryType: "close_rejected",
      facts: { requestedBy: "analyst-1" },
    });
    if (!rejected.ok || !rejected.change) throw new Error("reject refused");
    expect(applyWork(pending, rejected.change).closeRequest).toBeNull();
    expect(decideWork(empty, { type: "reject_close" }, { actorId: "a" })).toMatchObject({
      ok: false,
      code: "conflict",
    });
  });

  it("a status move clears a pending close; a close sets its outcome, the STR clock its due dates", () => {
    const pending = applyWork({ ...empty, outcome: null }, { type: "close_requested", request });
    const moved = applyWork(pending, { type: "status_moved", closing: false, outcome: null });
    expect([moved.closeRequest, moved.outcome]).toEqual([null, null]);
    const clock = { dueAt: "2026-03-01T12:00:00.000Z", strDueAt: "2026-03-01T12:00:00.000Z" };
    const escalated = applyWork(moved, {
      type: "status_moved",
      closing: false,
      outcome: null,
      dueDates: clock,
    });
    expect([escalated.dueAt, escalated.strDueAt]).toEqual([clock.dueAt, clock.strDueAt]);
    expect(applyWork(pending, { type: "status_moved", closing: true, outcome: "confirmed" }).outcome).toBe(
      "confirmed",
    );
    expect(applyWork(empty, { type: "sla_breached", dueAt: empty.dueAt as string }).slaBreachedDueAt).toBe(
      empty.dueAt,
    );
  });
});

describe("planTags", () => {
  it("plans new tags once and removals of present ones; nothing to change is a 409, past the limit a 400", () => {
    expect(planTags(["a", "b"], ["b", "c", "c"], ["a", "z"])).toEqual({
      ok: true,
      actions: [
        { type: "tag", tag: "c", adding: true },
        { type: "tag", tag: "a", adding: false },
      ],
    });
    expect(planTags(["a"], ["a"], ["z"])).toMatchObject({ ok: false, code: "conflict" });
    const nineteen = Array.from({ length: MAX_TAGS_PER_CASE - 1 }, (_, i) => `t${i}`);
    expect(planTags(nineteen, ["x", "y"], [])).toMatchObject({ ok: false, code: "bad_request", path: "add" });
    expect(planTags(nineteen, ["x"], [])).toMatchObject({ ok: true });
  });
});

describe("workDiff", () => {
  it("names only the columns that moved, and the tag rows to add and remove", () => {
    const before = { ...empty, tags: ["a", "b"], assigneeId: "u1", assigneeName: "Ama" };
    const after = { ...before, tags: ["b", "c"], closeRequest: request };
    expect(workDiff(before, after)).toEqual({
      set: { tags: ["b", "c"], closeRequest: request },
      tagsAdded: ["c"],
      tagsRemoved: ["a"],
    });
    expect(workDiff(before, before)).toEqual({ set: {}, tagsAdded: [], tagsRemoved: [] });
  });
});

describe("breachRecordable", () => {
  it("records a due date once, and only the case's current one", () => {
    const due = empty.dueAt as string;
    expect(breachRecordable(empty, due)).toBe(true);
    const breached = applyWork(empty, { type: "sla_breached", dueAt: due });
    expect(breachRecordable(breached, due)).toBe(false);
    expect(breachRecordable(empty, "2026-03-03T00:00:00.000Z")).toBe(false);
  });
});
