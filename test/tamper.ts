import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { amlCaseHistory, amlCases, fraudCaseEvents, fraudCases } from "../src/db/shard";
import { systemShardDb } from "../src/db/system-db";
import { chainHash, GENESIS_HASH } from "../src/lib/hash-chain";
import { fieldsOf } from "../src/modules/aml/cases/service";
import { historyContent, snapshotOf } from "../src/modules/aml/domain/history";
import { eventContent } from "../src/modules/fraud/cases/service";

/**
 * Runs `change` with the append-only guard of `table` dropped, as someone with write access to
 * the shard database could, and puts the guard back afterwards.
 */
export async function withoutGuard(table: string, change: () => Promise<unknown>) {
  const db = env.SHARD_0;
  const guards = await db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?")
    .bind(table)
    .all<{ name: string; sql: string }>();
  for (const g of guards.results) await db.prepare(`DROP TRIGGER ${g.name}`).run();
  try {
    await change();
  } finally {
    for (const g of guards.results) await db.prepare(g.sql).run();
  }
}

/**
 * What a shard writer can do to a fraud case (shard 0) without the Worker's secret: rewrite one
 * event, recompute the hash and previous hash of it and of every later event with the published
 * algorithm, and move the head to the new last hash. The chain is then consistent with itself
 * again; only the anchor still tells. Returns the new head hash.
 */
export async function rewriteFraudLog(caseId: string, sequence: number, noteContent: string) {
  const db = systemShardDb(env, 0);
  const row = (await db.select().from(fraudCases).where(eq(fraudCases.id, caseId)).get())!;
  const events = await db
    .select()
    .from(fraudCaseEvents)
    .where(eq(fraudCaseEvents.caseId, caseId))
    .orderBy(asc(fraudCaseEvents.eventSequence));
  let previous = GENESIS_HASH;
  const rewritten: typeof events = [];
  for (const e of events) {
    const changed = e.eventSequence === sequence ? { ...e, noteContent } : e;
    const hash = await chainHash(previous, eventContent({ ...changed, previousHash: previous }, row));
    rewritten.push({ ...changed, previousHash: previous, hash });
    previous = hash;
  }
  await withoutGuard("fraud_case_events", async () => {
    for (const e of rewritten.filter((e) => e.eventSequence >= sequence))
      await env.SHARD_0.prepare(
        "UPDATE fraud_case_events SET note_content = ?, previous_hash = ?, hash = ? WHERE id = ?",
      )
        .bind(e.noteContent, e.previousHash, e.hash, e.id)
        .run();
  });
  await env.SHARD_0.prepare("UPDATE fraud_case_heads SET head_hash = ? WHERE case_id = ?")
    .bind(previous, caseId)
    .run();
  return previous;
}

/** The same for an AML case (shard 0): entry `sequence` gets `note`, every hash is recomputed. */
export async function rewriteAmlHistory(caseId: string, sequence: number, note: string) {
  const db = systemShardDb(env, 0);
  const caseRow = (await db.select().from(amlCases).where(eq(amlCases.id, caseId)).get())!;
  const history = await db
    .select()
    .from(amlCaseHistory)
    .where(eq(amlCaseHistory.caseId, caseId))
    .orderBy(asc(amlCaseHistory.sequence));
  const snapshot = snapshotOf(caseRow);
  let previous = GENESIS_HASH;
  await withoutGuard("aml_case_history", async () => {
    for (const h of history) {
      const fields = { ...fieldsOf(h), note: h.sequence === sequence ? note : h.note };
      const hash = await chainHash(previous, historyContent(fields, snapshot));
      await env.SHARD_0.prepare(
        "UPDATE aml_case_history SET note = ?, previous_hash = ?, hash = ? WHERE id = ?",
      )
        .bind(fields.note, previous, hash, h.id)
        .run();
      previous = hash;
    }
  });
}
