import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fraudCaseEvents } from "../../src/db/shard";
import { systemShardDb } from "../../src/db/system-db";
import { loadTenantContext } from "../../src/db/tenant-context";
import type { Env } from "../../src/env";
import { findCaseIdByAlert } from "../../src/modules/fraud/repo";
import { createCase, verifyCase } from "../../src/modules/fraud/service";
import { call, createTenant, json, type TestTenant } from "../harness";
import { rewriteFraudLog, withoutGuard } from "../tamper";
import { caseBody, openCase } from "./helpers";

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ shard: 0 });
});

interface Verification {
  valid: boolean;
  eventCount: number;
  headHash: string;
  firstInvalidSequence: number | null;
  anchorValid: boolean | null;
}
const verify = async (caseId: string) =>
  json<Verification>(await call("GET", `/v1/fraud/cases/${caseId}/verify`, { key: t.key }));

async function caseWithNotes(count: number) {
  const c = await openCase(t);
  for (let i = 0; i < count; i++)
    await call("POST", `/v1/fraud/cases/${c.id}/notes`, {
      key: t.key,
      body: { content: `note ${i}`, actorId: "a1" },
    });
  return c;
}

const db = () => systemShardDb(env, 0);
const eventsOf = (caseId: string) =>
  db()
    .select()
    .from(fraudCaseEvents)
    .where(eq(fraudCaseEvents.caseId, caseId))
    .orderBy(asc(fraudCaseEvents.eventSequence));

const rewriteAndRechain = rewriteFraudLog;

describe("case head anchors (GET /v1/fraud/cases/:caseId/verify)", () => {
  it("an untouched case verifies with its anchor", async () => {
    const c = await caseWithNotes(2);
    expect(await verify(c.id)).toMatchObject({ valid: true, eventCount: 3, anchorValid: true });
  });

  it("a log rewritten with every later hash and the head recomputed no longer verifies", async () => {
    const c = await caseWithNotes(3);
    const newHead = await rewriteAndRechain(c.id, 2, "nothing to see");
    // The forgery is self-consistent: every stored hash matches its recomputation...
    const result = await verify(c.id);
    expect(result.headHash).toBe(newHead);
    expect(result.firstInvalidSequence).toBeNull();
    // ...but the head is not the one the service anchored.
    expect(result).toMatchObject({ valid: false, anchorValid: false, eventCount: 4 });
  });

  it("a log cut back to an earlier event (head moved back with it) no longer verifies", async () => {
    const c = await caseWithNotes(2);
    const [, second] = await eventsOf(c.id);
    await withoutGuard("fraud_case_events", () =>
      env.SHARD_0.prepare("DELETE FROM fraud_case_events WHERE case_id = ? AND event_sequence = 3")
        .bind(c.id)
        .run(),
    );
    await env.SHARD_0.prepare(
      "UPDATE fraud_case_heads SET head_hash = ?, last_sequence = 2 WHERE case_id = ?",
    )
      .bind(second.hash, c.id)
      .run();
    expect(await verify(c.id)).toMatchObject({ valid: false, anchorValid: false, eventCount: 2 });
  });

  it("an anchor copied from another case does not verify", async () => {
    const a = await caseWithNotes(0);
    const b = await caseWithNotes(0);
    await env.SHARD_0.prepare(
      `UPDATE fraud_case_heads SET (head_anchor, head_anchor_key_id) =
         (SELECT head_anchor, head_anchor_key_id FROM fraud_case_heads WHERE case_id = ?) WHERE case_id = ?`,
    )
      .bind(a.id, b.id)
      .run();
    expect(await verify(b.id)).toMatchObject({ valid: false, anchorValid: false });
  });

  it("each append moves the anchor, so the previous one no longer matches the head", async () => {
    const c = await caseWithNotes(0);
    const anchorOf = () =>
      env.SHARD_0.prepare("SELECT head_anchor AS a FROM fraud_case_heads WHERE case_id = ?")
        .bind(c.id)
        .first<{ a: string }>();
    const first = await anchorOf();
    await call("POST", `/v1/fraud/cases/${c.id}/notes`, {
      key: t.key,
      body: { content: "x", actorId: "a1" },
    });
    const second = await anchorOf();
    expect(second?.a).toMatch(/^[0-9a-f]{64}$/);
    expect(second?.a).not.toBe(first?.a);
    expect(await verify(c.id)).toMatchObject({ valid: true, anchorValid: true });
    await env.SHARD_0.prepare("UPDATE fraud_case_heads SET head_anchor = ? WHERE case_id = ?")
      .bind(first?.a, c.id)
      .run();
    expect(await verify(c.id)).toMatchObject({ valid: false, anchorValid: false });
  });

  it("a case from before anchors (none stored) verifies on its chain alone, anchorValid null", async () => {
    const c = await caseWithNotes(1);
    await env.SHARD_0.prepare(
      "UPDATE fraud_case_heads SET head_anchor = NULL, head_anchor_key_id = NULL WHERE case_id = ?",
    )
      .bind(c.id)
      .run();
    expect(await verify(c.id)).toMatchObject({ valid: true, anchorValid: null, eventCount: 2 });
    // Appending to it anchors it from then on.
    await call("POST", `/v1/fraud/cases/${c.id}/notes`, {
      key: t.key,
      body: { content: "y", actorId: "a1" },
    });
    expect(await verify(c.id)).toMatchObject({ valid: true, anchorValid: true, eventCount: 3 });
  });

  it("fails closed without SECRETS_KEY: no case is written, no anchored case is reported checked", async () => {
    const anchored = await caseWithNotes(0);
    const keyless = await loadTenantContext({ ...env, SECRETS_KEY: undefined } as Env, t.id, "test");
    const body = caseBody();
    await expect(
      createCase(
        keyless,
        { ...body, triggeredSignals: [], explainability: {}, windowDays: 30, metadata: {} } as never,
        t.keyId,
      ),
    ).rejects.toThrow(/SECRETS_KEY/);
    expect(await findCaseIdByAlert(keyless, body.alertId)).toBeUndefined();
    await expect(verifyCase(keyless, anchored.id)).rejects.toThrow(/SECRETS_KEY/);
  });
});
