import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import type { Env } from "../../src/env";
import { reanchorCases, resealSecrets } from "../../src/modules/admin/reseal/service";
import { systemContext } from "../../src/modules/audit/service";
import { anchorKeysFrom } from "../../src/modules/cases/domain/anchor";
import { appendEvent, verifyCase } from "../../src/modules/fraud/service";
import { call, createTenant, type TestTenant } from "../harness";
import { rewriteFraudLog } from "../tamper";
import { openCase } from "./helpers";

// After SECRETS_KEY = "NEW,OLD", POST /admin/secrets/reseal re-anchors case heads under NEW
// (src/modules/admin/reseal/service.ts), so OLD can be dropped without every case reading as
// tampered; a case that does not verify is never re-anchored.
const OLD = env.SECRETS_KEY as string;
const NEW = Buffer.alloc(32, 7).toString("base64");
const rotated = { ...env, SECRETS_KEY: `${NEW},${OLD}` } as Env;
const newOnly = { ...env, SECRETS_KEY: NEW } as Env;
const reseal = async () => (await resealSecrets(systemContext(rotated, "test-reanchor"))).caseAnchors;

let t: TestTenant;
let oldKeyId: string;
let newKeyId: string;
beforeAll(async () => {
  t = await createTenant({ shard: 0 });
  oldKeyId = (await anchorKeysFrom(OLD)).signingKeyId;
  newKeyId = (await anchorKeysFrom(NEW)).signingKeyId;
});
afterEach(() => vi.restoreAllMocks());

async function caseWithNotes(count: number) {
  const c = await openCase(t);
  for (let i = 0; i < count; i++)
    await call("POST", `/v1/fraud/cases/${c.id}/notes`, {
      key: t.key,
      body: { content: `note ${i}`, actorId: "a1" },
    });
  return c.id;
}
const anchorKeyOf = async (caseId: string) =>
  (
    await env.SHARD_0.prepare("SELECT head_anchor_key_id AS k FROM fraud_case_heads WHERE case_id = ?")
      .bind(caseId)
      .first<{ k: string }>()
  )?.k;
const headsUnder = async (keyId: string) =>
  (await env.SHARD_0.prepare("SELECT count(*) AS n FROM fraud_case_heads WHERE head_anchor_key_id = ?")
    .bind(keyId)
    .first<{ n: number }>())!.n;
const verifyWith = async (e: Env, caseId: string) =>
  verifyCase(await loadTenantContext(e, t.id, "test-reanchor"), caseId);

describe("re-anchoring fraud case heads after a SECRETS_KEY rotation", () => {
  it("re-anchors a case anchored under the old key; it then verifies with the new key alone", async () => {
    const caseId = await caseWithNotes(2);
    expect(await anchorKeyOf(caseId)).toBe(oldKeyId);
    // Without the sweep, dropping OLD would make an untouched case read as tampered.
    expect(await verifyWith(newOnly, caseId)).toMatchObject({ valid: false, anchorValid: false });

    const stale = await headsUnder(oldKeyId);
    const sweep = await reseal();
    expect(sweep.fraud).toMatchObject({ reanchored: stale, invalid: 0, unreadable: 0, pending: 0 });
    expect(sweep.complete).toBe(true);
    expect(await anchorKeyOf(caseId)).toBe(newKeyId);
    expect(await verifyWith(newOnly, caseId)).toMatchObject({
      valid: true,
      anchorValid: true,
      eventCount: 3,
    });
    // Appends keep working for a Worker holding the keys of the rotation (NEW,OLD): the notes'
    // subject keys were resealed under NEW with the anchors.
    const event = await appendEvent(await loadTenantContext(rotated, t.id, "test-reanchor"), caseId, {
      eventType: "note_added",
      noteContent: "after",
      actorType: "user",
      actorId: "a1",
      actorName: null,
      actorKeyId: null,
    });
    expect(event.noteContent).toBe("after");
  });

  it("does not re-anchor a tampered case: counted invalid, logged, still verifies invalid", async () => {
    const good = await caseWithNotes(1);
    const tampered = await caseWithNotes(3);
    await rewriteFraudLog(tampered, 2, "nothing to see");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});

    const stale = await headsUnder(oldKeyId);
    const sweep = await reseal();
    expect(sweep.fraud).toMatchObject({ reanchored: stale - 1, invalid: 1, pending: 0 });
    expect(await anchorKeyOf(good)).toBe(newKeyId);
    expect(await anchorKeyOf(tampered)).toBe(oldKeyId);
    expect(await verifyWith(rotated, tampered)).toMatchObject({ valid: false, anchorValid: false });
    expect(await verifyWith(newOnly, tampered)).toMatchObject({ valid: false, anchorValid: false });
    const logged = errors.mock.calls.map((c) => String(c[0])).filter((l) => l.includes(tampered));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0])).toMatchObject({
      level: "error",
      kind: "fraud",
      tenantId: t.id,
      caseId: tampered,
    });
  });

  it("a second run re-anchors nothing: current anchors are counted, not rewritten", async () => {
    await caseWithNotes(0);
    const first = await reseal();
    const anchors = await env.SHARD_0.prepare(
      "SELECT case_id, head_anchor FROM fraud_case_heads ORDER BY case_id",
    ).all();
    const second = await reseal();
    expect(second.fraud).toMatchObject({
      reanchored: 0,
      current: first.fraud.current + first.fraud.reanchored,
      invalid: first.fraud.invalid,
      pending: 0,
    });
    expect(
      (await env.SHARD_0.prepare("SELECT case_id, head_anchor FROM fraud_case_heads ORDER BY case_id").all())
        .results,
    ).toEqual(anchors.results);
  });

  it("carries on across runs when the query budget runs out", async () => {
    for (let i = 0; i < 3; i++) await caseWithNotes(1);
    const stale = await headsUnder(oldKeyId);
    // One case per page, room for two pages: the run stops with work left.
    const partial = await reanchorCases(rotated, { budget: 8, pageSize: 1 });
    expect(partial.complete).toBe(false);
    expect(partial.fraud.reanchored).toBeGreaterThan(0);
    expect(partial.fraud.reanchored + partial.fraud.invalid + partial.fraud.pending).toBe(stale);
    let total = partial.fraud.reanchored;
    for (let run = 0; run < 10 && (await headsUnder(oldKeyId)) > 1; run++)
      total += (await reanchorCases(rotated, { budget: 8, pageSize: 1 })).fraud.reanchored;
    // Only the tampered case of the test above is left under the old key.
    expect(total).toBe(stale - 1);
    expect(await headsUnder(oldKeyId)).toBe(1);
    expect(await reanchorCases(rotated)).toMatchObject({ complete: true, fraud: { pending: 0, invalid: 1 } });
  });

  it("counts a head whose key SECRETS_KEY no longer holds as unreadable and leaves it", async () => {
    const caseId = await caseWithNotes(0);
    const sweep = await reanchorCases(newOnly);
    expect(sweep.fraud.unreadable).toBe(await headsUnder(oldKeyId));
    expect(sweep.fraud.reanchored).toBe(0);
    expect(await anchorKeyOf(caseId)).toBe(oldKeyId);
  });
});
