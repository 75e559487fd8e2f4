import { describe, expect, it } from "vitest";
import { resolveActor } from "./actor";

const ana = { type: "user" as const, id: "u-ana", name: "Ana", roles: ["analyst"] };
const key = { type: "integration" as const, id: "k-1" };

describe("the actor of a case action", () => {
  it("a user credential records the user, with or without its own actorId", () => {
    const expected = { actorType: "user", actorId: "u-ana", actorName: "Ana", principal: "user:u-ana" };
    expect(resolveActor(ana, {})).toEqual({ ok: true, actor: expected });
    expect(resolveActor(ana, { actorId: "u-ana", actorName: "someone" })).toEqual({
      ok: true,
      actor: expected,
    });
  });

  it("a user credential cannot name another actor or another actor type", () => {
    expect(resolveActor(ana, { actorId: "lead-1" })).toMatchObject({ ok: false, path: "actorId" });
    expect(resolveActor(ana, { actorId: "u-ana", actorType: "system" })).toMatchObject({
      ok: false,
      path: "actorType",
    });
  });

  it("an integration key records the body's actorId as an integration, its principal the key", () => {
    expect(resolveActor(key, { actorId: "lead-1", actorName: "Lead" })).toEqual({
      ok: true,
      actor: { actorType: "integration", actorId: "lead-1", actorName: "Lead", principal: "integration:k-1" },
    });
    expect(resolveActor(key, {})).toMatchObject({ ok: false, path: "actorId" });
  });
});
