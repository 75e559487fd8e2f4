import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, json, type TestTenant } from "../harness";
import { type EventJson, openCase } from "./helpers";

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ shard: 0 });
});

const verify = async (caseId: string) =>
  json<{
    success: boolean;
    valid: boolean;
    eventCount: number;
    headHash: string;
    firstInvalidSequence: number | null;
  }>(await call("GET", `/v1/fraud/cases/${caseId}/verify`, { key: t.key }));

async function caseWithNotes(count: number) {
  const c = await openCase(t);
  for (let i = 0; i < count; i++)
    await call("POST", `/v1/fraud/cases/${c.id}/notes`, {
      key: t.key,
      body: { content: `note ${i}`, actorId: "a1" },
    });
  return c;
}

describe("the database refuses changes to cases and events", () => {
  it("a raw UPDATE or DELETE of a case or an event fails", async () => {
    const c = await caseWithNotes(1);
    const db = env.SHARD_0;
    await expect(
      db.prepare("UPDATE fraud_cases SET overall_score = 0 WHERE id = ?").bind(c.id).run(),
    ).rejects.toThrow(/append-only/);
    await expect(db.prepare("DELETE FROM fraud_cases WHERE id = ?").bind(c.id).run()).rejects.toThrow(
      /append-only/,
    );
    await expect(
      db.prepare("UPDATE fraud_case_events SET note_content = 'edited' WHERE case_id = ?").bind(c.id).run(),
    ).rejects.toThrow(/append-only/);
    await expect(
      db.prepare("DELETE FROM fraud_case_events WHERE case_id = ?").bind(c.id).run(),
    ).rejects.toThrow(/append-only/);
    const row = await db
      .prepare("SELECT overall_score FROM fraud_cases WHERE id = ?")
      .bind(c.id)
      .first<{ overall_score: number }>();
    expect(row?.overall_score).toBe(64);
  });

  it("a second event with an existing sequence is refused", async () => {
    const c = await caseWithNotes(0);
    await expect(
      env.SHARD_0.prepare(
        `INSERT INTO fraud_case_events (id, tenant_id, case_id, event_sequence, event_type, actor_type, actor_id, correlation_id, created_at, previous_hash, hash)
         VALUES (?, ?, ?, 1, 'note_added', 'user', 'x', ?, ?, 'x', 'x')`,
      )
        .bind(crypto.randomUUID(), t.id, c.id, crypto.randomUUID(), new Date().toISOString())
        .run(),
    ).rejects.toThrow(/UNIQUE/);
  });
});

describe("GET /v1/fraud/cases/:caseId/verify", () => {
  it("answers valid with the event count and the head hash", async () => {
    const c = await caseWithNotes(3);
    const result = await verify(c.id);
    const events = await json<{ data: EventJson[] }>(
      await call("GET", `/v1/fraud/cases/${c.id}/events`, { key: t.key }),
    );
    expect(result).toMatchObject({ success: true, valid: true, eventCount: 4, firstInvalidSequence: null });
    expect(result.headHash).toBe(events.data[3].hash);
  });

  it("detects an event altered behind the service's back", async () => {
    const c = await caseWithNotes(3);
    const db = env.SHARD_0;
    // Someone with database access drops the guard and rewrites note 2.
    await db.prepare("DROP TRIGGER fraud_case_events_no_update").run();
    try {
      await db
        .prepare(
          "UPDATE fraud_case_events SET note_content = 'nothing to see' WHERE case_id = ? AND event_sequence = 3",
        )
        .bind(c.id)
        .run();
    } finally {
      await db
        .prepare(
          "CREATE TRIGGER fraud_case_events_no_update BEFORE UPDATE ON fraud_case_events BEGIN SELECT RAISE(ABORT, 'fraud_case_events is append-only: events are immutable'); END",
        )
        .run();
    }
    expect(await verify(c.id)).toMatchObject({ valid: false, eventCount: 4, firstInvalidSequence: 3 });
  });

  it("detects a case row altered behind the service's back", async () => {
    const c = await caseWithNotes(1);
    const db = env.SHARD_0;
    await db.prepare("DROP TRIGGER fraud_cases_no_update").run();
    try {
      await db.prepare("UPDATE fraud_cases SET severity = 'low' WHERE id = ?").bind(c.id).run();
    } finally {
      await db
        .prepare(
          "CREATE TRIGGER fraud_cases_no_update BEFORE UPDATE ON fraud_cases BEGIN SELECT RAISE(ABORT, 'fraud_cases is append-only: cases are immutable'); END",
        )
        .run();
    }
    expect(await verify(c.id)).toMatchObject({ valid: false, firstInvalidSequence: 1 });
  });

  it("detects a forged event appended with a made-up hash", async () => {
    const c = await caseWithNotes(1);
    await env.SHARD_0.prepare(
      `INSERT INTO fraud_case_events (id, tenant_id, case_id, event_sequence, event_type, actor_type, actor_id, correlation_id, created_at, previous_hash, hash)
       VALUES (?, ?, ?, 3, 'note_added', 'user', 'x', ?, ?, 'x', 'x')`,
    )
      .bind(crypto.randomUUID(), t.id, c.id, crypto.randomUUID(), new Date().toISOString())
      .run();
    expect(await verify(c.id)).toMatchObject({ valid: false, eventCount: 3, firstInvalidSequence: 3 });
  });
});
