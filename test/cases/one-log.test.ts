import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { amlSla } from "../../src/modules/aml/casework/jobs";
import { sweepSlaBreaches } from "../../src/modules/cases/sla/service";
import { fraudSla } from "../../src/modules/fraud/casework/jobs";
import { call, createTenant, json, type TestTenant } from "../harness";
import { aml, fraud, type Kind, moveDueAt, outboxOf, post, setSettings } from "./helpers";

// Issue 37 item 1: one log builder and one serialisation (a case object per case) for both kinds;
// one SLA sweep over every kind; an integration key on fraud cases (item 3).
const verify = async (t: TestTenant, kind: Kind, id: string) =>
  json<{ valid: boolean; eventCount: number; anchorValid: boolean | null }>(
    await call("GET", `${kind.base}/${id}/verify`, { key: t.key }),
  );

describe("one case log for fraud and AML", () => {
  let t: TestTenant;
  const opened: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTenant({ name: "one case log", shard: 0 });
    opened.fraud = (await fraud.open(t)).id;
    opened.aml = (await aml.open(t)).id;
  });

  it.each([fraud, aml])("$name: concurrent appends chain one after another and verify", async (kind) => {
    const id = opened[kind.name];
    const before = (await kind.log(t, id)).length;
    const tags = ["c1", "c2", "c3", "c4"];
    const answers = await Promise.all(
      tags.map((tag) => post(t, `${kind.base}/${id}/tags`, { add: [tag], actorId: "ana" })),
    );
    expect(answers.map((r) => r.status)).toEqual(tags.map(() => 200));
    const log = await kind.log(t, id);
    // Every append landed once, none lost to a lost race: one tag_added each after what was there.
    expect(log.slice(before).map((e) => e.type)).toEqual(tags.map(() => "tag_added"));
    expect((await kind.get(t, id)).tags.sort()).toEqual(tags);
    expect(await verify(t, kind, id)).toMatchObject({
      valid: true,
      eventCount: log.length,
      anchorValid: true,
    });
  });

  it("one sweep pass records the breach of a fraud and an AML case", async () => {
    // Fresh cases: a fraud case's object caches its head, which a due date moved in D1 bypasses.
    const due = { fraud: (await fraud.open(t)).id, aml: (await aml.open(t)).id };
    // Earlier than any other file's moved due date in this storage, so this pass reaches them first.
    const dueAt = "1971-01-01T00:00:00.000Z";
    for (const kind of [fraud, aml]) await moveDueAt(t, kind, due[kind.name], dueAt);
    const at = new Date(Date.parse(dueAt) + 60_000);
    await sweepSlaBreaches(env, at, [fraudSla, amlSla]);
    await sweepSlaBreaches(env, new Date(at.getTime() + 60_000), [fraudSla, amlSla]); // nothing new
    const breaches = (await outboxOf(t, "case.sla_breached")).map((e) => JSON.parse(e.data));
    expect(breaches.map((b) => [b.kind, b.caseId, b.dueAt]).sort()).toEqual(
      [
        ["aml", due.aml, dueAt],
        ["fraud", due.fraud, dueAt],
      ].sort(),
    );
    for (const kind of [fraud, aml]) {
      expect((await kind.get(t, due[kind.name])).slaBreachedDueAt).toBe(dueAt);
      expect((await kind.log(t, due[kind.name])).filter((e) => e.type === "sla_breached")).toHaveLength(1);
      expect((await verify(t, kind, due[kind.name])).valid).toBe(true);
    }
  });

  it("an integration key is not maker and checker of a fraud close, whatever actorIds it sends", async () => {
    const mc = await createTenant({ name: "one case log four-eyes", shard: 0 });
    expect((await setSettings(mc, { caseCloseRequiresSecondActor: true })).status).toBe(200);
    const c = await fraud.open(mc);
    expect((await fraud.closeAs(mc, c.id, "analyst-1")).status).toBeLessThan(300);
    expect((await fraud.get(mc, c.id)).closeRequest).toMatchObject({
      actorId: "analyst-1",
      principal: `integration:${mc.keyId}`,
    });
    const refused = await post(mc, `${fraud.base}/${c.id}/close-request/confirm`, { actorId: "lead-1" });
    expect(refused.status).toBe(409);
    const body = await json<{ error: { details?: Array<{ path: string; code?: string }> } }>(refused);
    expect(body.error.details).toContainEqual(
      expect.objectContaining({ path: "actorId", code: "second_actor_required" }),
    );
    expect((await fraud.get(mc, c.id)).status).toBe(c.status);
    // A shared case action by that key is recorded as the integration's, in the chained log.
    expect(
      (await post(mc, `${fraud.base}/${c.id}/assignment`, { assigneeId: "ana", actorId: "robot-1" })).status,
    ).toBe(200);
    const { case: found } = await json<{
      case: { events: Array<{ eventType: string; actorType: string; actorId: string; actorKeyId: string }> };
    }>(await call("GET", `${fraud.base}/${c.id}`, { key: mc.key }));
    expect(found.events.at(-1)).toMatchObject({
      eventType: "assigned",
      actorType: "integration",
      actorId: "robot-1",
      actorKeyId: mc.keyId,
    });
    expect((await verify(mc, fraud, c.id)).valid).toBe(true);
  });
});
