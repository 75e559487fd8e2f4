import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createKey, createTenant, json, type TestTenant } from "../harness";
import { withoutGuard } from "../tamper";
import { caseBody, openCase } from "./helpers";

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ shard: 0 });
});

interface Event {
  eventSequence: number;
  eventType: string;
  actorType: string;
  actorId: string;
  actorKeyId: string | null;
}
type ErrorBody = { error: { code: string; details?: Array<{ path: string; message: string }> } };

const post = (path: string, body: unknown, key = t.key) => call("POST", path, { key, body });
const eventsOf = async (caseId: string) =>
  (await json<{ data: Event[] }>(await call("GET", `/v1/fraud/cases/${caseId}/events`, { key: t.key }))).data;
const verify = async (caseId: string) =>
  json<{ valid: boolean; firstInvalidSequence: number | null }>(
    await call("GET", `/v1/fraud/cases/${caseId}/verify`, { key: t.key }),
  );
const detailPaths = async (res: Response) =>
  ((await json<ErrorBody>(res)).error.details ?? []).map((d) => d.path);

describe("who wrote a case event", () => {
  it("API callers cannot claim to be the system or a workflow (400 naming actorType, nothing written)", async () => {
    const c = await openCase(t);
    for (const actorType of ["system", "workflow"]) {
      const attempts = [
        post(`/v1/fraud/cases/${c.id}/events`, { eventType: "escalated", actorType, actorId: "rules" }),
        post(`/v1/fraud/cases/${c.id}/status`, { newStatus: "under_review", actorId: "a1", actorType }),
        post(`/v1/fraud/cases/${c.id}/notes`, { content: "x", actorId: "a1", actorType }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(400);
        expect(await detailPaths(res)).toEqual(["actorType"]);
      }
    }
    expect((await eventsOf(c.id)).map((e) => e.eventSequence)).toEqual([1]);
  });

  it("records the authenticating key on every event, whichever key acted", async () => {
    const other = await createKey(t.id, ["fraud:read", "fraud:write"]);
    const c = await openCase(t);
    await post(`/v1/fraud/cases/${c.id}/status`, { newStatus: "under_review", actorId: "ama" });
    await post(`/v1/fraud/cases/${c.id}/notes`, { content: "called", actorId: "kofi" }, other.key);
    await post(`/v1/fraud/cases/${c.id}/events`, {
      eventType: "assigned",
      actorType: "user",
      actorId: "ama",
      assigneeId: "kofi",
    });
    const events = await eventsOf(c.id);
    expect(events.map((e) => [e.eventType, e.actorType, e.actorId, e.actorKeyId])).toEqual([
      ["created", "system", "api", t.keyId],
      ["status_changed", "user", "ama", t.keyId],
      ["note_added", "user", "kofi", other.id],
      ["assigned", "user", "ama", t.keyId],
    ]);
    expect(await verify(c.id)).toMatchObject({ valid: true });
  });

  it("the key id is inside the hashed content: changing it in the database breaks the chain", async () => {
    const c = await openCase(t);
    await post(`/v1/fraud/cases/${c.id}/notes`, { content: "called", actorId: "ama" });
    await withoutGuard("fraud_case_events", () =>
      env.SHARD_0.prepare(
        "UPDATE fraud_case_events SET actor_key_id = 'someone-else' WHERE case_id = ? AND event_sequence = 2",
      )
        .bind(c.id)
        .run(),
    );
    expect(await verify(c.id)).toMatchObject({ valid: false, firstInvalidSequence: 2 });
  });

  it("evaluate-and-create records the requesting key on the case it opens", async () => {
    const res = await post("/v1/fraud/evaluate-and-create", {
      entityType: "merchant",
      entityId: `Shop ${crypto.randomUUID()}`,
      createCaseThreshold: 0,
    });
    expect(res.status).toBe(200);
    const body = await json<{ case: { events: Event[] } | null }>(res);
    expect(body.case?.events[0]).toMatchObject({
      actorType: "system",
      actorId: "evaluate-and-create",
      actorKeyId: t.keyId,
    });
  });
});

describe("strings storage would not return exactly", () => {
  it("a note with a lone surrogate is 400 naming the field and writes nothing", async () => {
    const c = await openCase(t);
    const res = await post(`/v1/fraud/cases/${c.id}/notes`, { content: "x\uD800y", actorId: "a1" });
    expect(res.status).toBe(400);
    expect(await detailPaths(res)).toEqual(["content"]);
    expect((await eventsOf(c.id)).length).toBe(1);
    expect(await verify(c.id)).toMatchObject({ valid: true });
  });

  it("every string of an event body is checked, object keys and nested values included", async () => {
    const c = await openCase(t);
    const evidence = (fields: Record<string, unknown>) => ({
      eventType: "evidence_added",
      actorType: "user",
      actorId: "a1",
      evidenceType: "statement",
      ...fields,
    });
    const cases: Array<[Record<string, unknown>, string]> = [
      [evidence({ actorName: "Ama\uDC00" }), "actorName"],
      [evidence({ actorId: "a\u0000b" }), "actorId"],
      [evidence({ evidenceType: "\uD83D" }), "evidenceType"],
      [evidence({ evidenceReference: { "file\uD800": "f-1" } }), "evidenceReference.file\uD800"],
      [evidence({ evidenceReference: { pages: [1, { note: "\uDFFF" }] } }), "evidenceReference.pages.1.note"],
      [evidence({ noteContent: "\u0000" }), "noteContent"],
    ];
    for (const [body, path] of cases) {
      const res = await post(`/v1/fraud/cases/${c.id}/events`, body);
      expect(res.status, path).toBe(400);
      expect(await detailPaths(res), path).toEqual([path]);
    }
    const status = await post(`/v1/fraud/cases/${c.id}/status`, {
      newStatus: "closed_cleared",
      actorId: "a1",
      actorName: "\uD800",
    });
    expect(await detailPaths(status)).toEqual(["actorName"]);
    expect((await eventsOf(c.id)).length).toBe(1);
  });

  it("a case whose metadata or summary holds one is refused whole (the alert can be used again)", async () => {
    const alertId = crypto.randomUUID();
    const bad = await post("/v1/fraud/cases", caseBody({ alertId, metadata: { source: { "\uD800": 1 } } }));
    expect(bad.status).toBe(400);
    expect(await detailPaths(bad)).toEqual(["metadata.source.\uD800"]);
    const badSummary = await post("/v1/fraud/cases", caseBody({ alertId, summary: "a\uDC00" }));
    expect(await detailPaths(badSummary)).toEqual(["summary"]);
    expect((await post("/v1/fraud/cases", caseBody({ alertId }))).status).toBe(201);
  });

  it("well-formed text round-trips and verifies, emoji and all", async () => {
    const c = await openCase(t, { summary: "Kwame \uD83D\uDE00 \u00e9\u4e2d" });
    const res = await post(`/v1/fraud/cases/${c.id}/events`, {
      eventType: "evidence_added",
      actorType: "user",
      actorId: "a1",
      actorName: "\u00c0d\u00e8 \uD83D\uDC4D",
      evidenceType: "photo",
      evidenceReference: { "\uD83D\uDCCE": ["\uD83D\uDE00", "\r\n\t"] },
    });
    expect(res.status).toBe(201);
    expect(await verify(c.id)).toMatchObject({ valid: true });
  });
});
