import { describe, expect, it } from "vitest";
import {
  checkSecondActor,
  closeRequestFor,
  dueAtFor,
  outcomeFor,
  slaEventId,
  strClock,
  tagChanges,
  tagHoldsNumber,
} from "./work";

describe("case work rules", () => {
  const opened = new Date("2026-03-01T08:00:00.000Z");
  it("due dates follow the tenant's hours, else the default, per kind and level", () => {
    expect(dueAtFor(undefined, "fraud", "critical", opened)).toBe("2026-03-01T12:00:00.000Z");
    expect(dueAtFor({ fraud: { critical: 1 } }, "fraud", "critical", opened)).toBe(
      "2026-03-01T09:00:00.000Z",
    );
    expect(dueAtFor({ fraud: { critical: 1 } }, "aml", "critical", opened)).toBe("2026-03-02T08:00:00.000Z");
  });
  it("the STR clock keeps the earlier due date and the first suspicion", () => {
    const now = new Date("2026-03-01T10:00:00.000Z");
    expect(strClock({ dueAt: "2026-03-05T00:00:00.000Z", strDueAt: null }, now)).toEqual({
      dueAt: "2026-03-02T10:00:00.000Z",
      strDueAt: "2026-03-02T10:00:00.000Z",
    });
    expect(strClock({ dueAt: "2026-03-01T12:00:00.000Z", strDueAt: null }, now).dueAt).toBe(
      "2026-03-01T12:00:00.000Z",
    );
    expect(strClock({ dueAt: null, strDueAt: "2026-03-02T00:00:00.000Z" }, now).strDueAt).toBe(
      "2026-03-02T00:00:00.000Z",
    );
  });
  it("outcomes default from the close and cannot contradict it", () => {
    expect(outcomeFor("closed_suspicious", undefined)).toEqual({ ok: true, outcome: "confirmed" });
    expect(outcomeFor("closed_cleared", "confirmed").ok).toBe(false);
    expect(outcomeFor("closed_no_action", "confirmed")).toEqual({ ok: true, outcome: "confirmed" });
  });
  it("tags change without duplicates; the second actor must differ", () => {
    expect(tagChanges(["a", "b"], ["b", "c", "c"], ["a", "z"])).toEqual({
      tags: ["b", "c"],
      added: ["c"],
      removed: ["a"],
    });
    const pending = {
      toStatus: "closed_cleared",
      outcome: "false_positive" as const,
      actorId: "ana",
      actorName: null,
      requestedAt: "",
    };
    expect(checkSecondActor(pending, "ana", true)).toMatchObject({
      ok: false,
      code: "second_actor_required",
    });
    expect(checkSecondActor(pending, "ana", false).ok).toBe(true);
    expect(checkSecondActor(null, "ben", true)).toMatchObject({ ok: false, code: "conflict" });
  });
  it("four-eyes compares principals when the request recorded one", () => {
    const byKey = {
      toStatus: "closed_cleared",
      outcome: "false_positive" as const,
      actorId: "ana",
      actorName: null,
      requestedAt: "",
      principal: "integration:k1",
    };
    // One integration key is one principal, whatever actorId it writes.
    expect(checkSecondActor(byKey, "ben", true, "integration:k1")).toMatchObject({
      ok: false,
      code: "second_actor_required",
    });
    expect(checkSecondActor(byKey, "ana", true, "integration:k2").ok).toBe(true);
    expect(checkSecondActor(byKey, "ana", true, "user:u1").ok).toBe(true);
    const byUser = { ...byKey, actorId: "u1", principal: "user:u1" };
    // The same user through another of its keys is still the same principal.
    expect(checkSecondActor(byUser, "u1", true, "user:u1")).toMatchObject({ ok: false });
    expect(checkSecondActor(byUser, "u2", true, "user:u2").ok).toBe(true);
    // The requester may withdraw its own request.
    expect(checkSecondActor(byUser, "u1", false, "user:u1").ok).toBe(true);
    // A request recorded before principals compares actorIds.
    const legacy = { ...byKey, principal: undefined };
    expect(checkSecondActor(legacy, "ben", true, "integration:k1").ok).toBe(true);
  });
  it("the breach event id is stable per case and due date", async () => {
    const id = await slaEventId("aml", "t", "c", "2026-03-01T00:00:00.000Z");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await slaEventId("aml", "t", "c", "2026-03-01T00:00:00.000Z")).toBe(id);
    expect(await slaEventId("aml", "t", "c", "2026-03-02T00:00:00.000Z")).not.toBe(id);
  });
});

describe("tags hold no numbers", () => {
  it("refuses six digits or more, also with separators; keeps short numbers", () => {
    expect(["0248706383", "024-870-6383", "acct.12345678", "2026-01-15"].filter(tagHoldsNumber)).toHaveLength(
      4,
    );
    expect(["mule-network", "q1-2026", "tier:10000", "sim-swap"].some(tagHoldsNumber)).toBe(false);
  });
});

describe("maker-checker requests", () => {
  const close = { toStatus: "closed_cleared", outcome: "false_positive" as const };
  const at = "2026-01-15T10:00:00.000Z";

  it("a close goes ahead without the setting, and waits for a second actor with it", () => {
    expect(closeRequestFor(false, close, { actorId: "ana" }, at)).toBeNull();
    expect(closeRequestFor(true, close, { actorId: "ana", principal: "integration:k1" }, at)).toEqual({
      ...close,
      actorId: "ana",
      actorName: null,
      requestedAt: at,
      principal: "integration:k1",
    });
  });

  it("the request's principal cannot confirm it under another actorId; another principal can", () => {
    const pending = closeRequestFor(true, close, { actorId: "analyst-1", principal: "integration:k1" }, at);
    expect(checkSecondActor(pending, "lead-1", true, "integration:k1")).toMatchObject({
      ok: false,
      code: "second_actor_required",
    });
    expect(checkSecondActor(pending, "lead-1", true, "integration:k2")).toEqual({
      ok: true,
      request: pending,
    });
    // Withdrawing is not confirming: the maker may reject its own request.
    expect(checkSecondActor(pending, "analyst-1", false, "integration:k1").ok).toBe(true);
  });
});
