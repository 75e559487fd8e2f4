import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { caseKindServices } from "../../src/modules/cases/kinds/service";
import { appendEvent } from "../../src/modules/fraud/service";
import { createTenant } from "../harness";
import { aml, fraud, post, setSettings } from "./helpers";

/**
 * The system close of an untouched case whose every alert was withdrawn (late history:
 * docs/decisions/case-work.md#system-close), through each kind's services: it closes with the
 * kind's status and outcome even where closes need a second actor; a case an analyst worked (a
 * tag) is refused and keeps its status (monitoring then only notes it).
 */
describe("system close of a withdrawn case", () => {
  for (const kind of [fraud, aml])
    it(`${kind.name}: closes an untouched case, refuses a worked one`, async () => {
      const t = await createTenant({ name: `system close ${kind.name}`, shard: 0 });
      expect((await setSettings(t, { caseCloseRequiresSecondActor: true })).status).toBe(200);
      const [untouched, worked] = [await kind.open(t), await kind.open(t)];
      expect(
        (await post(t, `${kind.base}/${worked.id}/tags`, { add: ["watch"], actorId: "ana" })).status,
      ).toBe(200);
      const ctx = await loadTenantContext(env, t.id, "test");
      const close = (caseId: string) =>
        caseKindServices(kind.name).close.untouched(ctx, caseId, {
          actor: { actorType: "system", actorId: "monitoring", actorName: null, actorKeyId: null },
          reason: "withdrawn_late_history",
          note: "withdrawn",
          alerts: [{ alertId: "a-1", status: "withdrawn" }],
        });
      expect(await close(worked.id)).toEqual({ closed: false, why: "worked" });
      const closed = await close(untouched.id);
      expect(closed.closed).toBe(true);
      const [after, kept] = [await kind.get(t, untouched.id), await kind.get(t, worked.id)];
      expect({ status: after.status, outcome: after.outcome, closeRequest: after.closeRequest }).toEqual({
        status: closed.closed ? closed.toStatus : "",
        outcome: "false_positive",
        closeRequest: null,
      });
      expect(kept.status).toBe(worked.status);
      expect((await kind.log(t, untouched.id)).at(-1)?.actorId).toBe("monitoring");
      expect(await kind.chainValid(t, untouched.id)).toBe(true);
    });

  it("fraud: an append guarded by a sequence the log has moved past is refused as a conflict", async () => {
    const t = await createTenant({ name: "system close guard", shard: 0 });
    const c = await fraud.open(t);
    const ctx = await loadTenantContext(env, t.id, "test");
    const note = (expectSequence: number) =>
      appendEvent(ctx, c.id, {
        eventType: "note_added",
        noteContent: "guarded",
        actorType: "system",
        actorId: "monitoring",
        expectSequence,
      });
    await note(1);
    await expect(note(1)).rejects.toMatchObject({ code: "conflict" });
    expect((await fraud.log(t, c.id)).map((e) => e.type)).toEqual(["created", "note_added"]);
  });
});
