import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { holdMovePermit, purgePage, releaseMovePermits } from "../../src/db/maintenance";
import { tenantTable } from "../../src/db/tenant-table-list";

/**
 * The one maintenance permit table (shard 0041) as the append-only guards read it, on
 * tenant_audit_log (append-only; its UPDATE guard lists id and tenant_id as identity).
 */
const db = env.SHARD_0;
const audit = tenantTable("tenant_audit_log");

async function auditRows(tenantId: string, n: number) {
  const ids = Array.from({ length: n }, () => crypto.randomUUID());
  // Each at the next place with a hash, as the insert guard (shard 0058) requires; not a real chain.
  await db.batch(
    ids.map((id) =>
      db
        .prepare(
          `INSERT INTO tenant_audit_log (id, tenant_id, actor_type, actor_id, action, target_type, target_id,
             after, request_id, created_at, seq, chain_hash, chain_key)
           SELECT ?1, ?2, 'system', 'test', 'customer.updated', 'customer', 'c1', ?3, 'req', '2026-01-01T00:00:00Z',
             coalesce(max(seq), 0) + 1, 'h', 'k' FROM tenant_audit_log WHERE tenant_id = ?2`,
        )
        .bind(id, tenantId, JSON.stringify({ name: "Kofi Boateng" })),
    ),
  );
  return ids;
}

const update = (id: string, set: string) =>
  db.prepare(`UPDATE tenant_audit_log SET ${set} WHERE id = ?1`).bind(id).run();
const remove = (id: string) => db.prepare("DELETE FROM tenant_audit_log WHERE id = ?1").bind(id).run();
/** A statement between an erasure permit's insert and delete, in one batch (as scrubPage does). */
const underErasure = (tenantId: string, statement: D1PreparedStatement) =>
  db.batch([
    db.prepare("INSERT INTO maintenance_permits (tenant_id, kind) VALUES (?1, 'erasure')").bind(tenantId),
    statement,
    db.prepare("DELETE FROM maintenance_permits WHERE tenant_id = ?1 AND kind = 'erasure'").bind(tenantId),
  ]);
const permits = async () =>
  (await db.prepare("SELECT count(*) AS n FROM maintenance_permits").first<{ n: number }>())?.n;

describe("the maintenance permit", () => {
  it("without one, append-only rows refuse UPDATE and DELETE", async () => {
    const [id] = await auditRows(crypto.randomUUID(), 1);
    await expect(update(id, "action = 'x'")).rejects.toThrow(/append-only/);
    await expect(remove(id)).rejects.toThrow(/append-only/);
  });

  it("'erasure' (one batch) never opens the audit log: chained, its bytes never change", async () => {
    const tenantId = crypto.randomUUID();
    const [id] = await auditRows(tenantId, 1);
    const rewrite = db.prepare("UPDATE tenant_audit_log SET after = '{}' WHERE id = ?1").bind(id);
    await expect(underErasure(tenantId, rewrite)).rejects.toThrow(/append-only/);
    const row = await db
      .prepare("SELECT after FROM tenant_audit_log WHERE id = ?1")
      .bind(id)
      .first<{ after: string }>();
    expect(row?.after).toBe(JSON.stringify({ name: "Kofi Boateng" }));
    const gone = db.prepare("DELETE FROM tenant_audit_log WHERE id = ?1").bind(id);
    await expect(underErasure(tenantId, gone)).rejects.toThrow(/append-only/);
    // Outside its batch the permit is gone.
    expect(await permits()).toBe(0);
    await expect(update(id, "action = 'x'")).rejects.toThrow(/append-only/);
  });

  it("a move's permit stands every guard aside for its tenant only, until released", async () => {
    const tenantId = crypto.randomUUID();
    const [mine, other] = [await auditRows(tenantId, 2), await auditRows(crypto.randomUUID(), 1)];
    await holdMovePermit(db, tenantId, "move_in", "2026-01-01T00:00:00Z");
    await holdMovePermit(db, tenantId, "move_in", "2026-01-01T00:00:01Z"); // each unit re-asserts it
    await update(mine[0], `id = '${crypto.randomUUID()}'`);
    await remove(mine[1]);
    await expect(update(other[0], "action = 'x'")).rejects.toThrow(/append-only/);
    await releaseMovePermits(db, tenantId);
    expect(await permits()).toBe(0);
    const [left] = await auditRows(tenantId, 1);
    await expect(remove(left)).rejects.toThrow(/append-only/);
  });

  it("'purge' (one batch) deletes a page and counts the rows deleted; it never meets a move's permit", async () => {
    const tenantId = crypto.randomUUID();
    await auditRows(tenantId, 5);
    expect(await purgePage(db, audit, tenantId, 3)).toBe(3);
    expect(await permits()).toBe(0);
    // A move's 'purge' here (never on the live shard, where offboarding works): the batch fails whole.
    await holdMovePermit(db, tenantId, "purge", "2026-01-01T00:00:00Z");
    await expect(purgePage(db, audit, tenantId, 3)).rejects.toThrow(/UNIQUE|constraint/i);
    await releaseMovePermits(db, tenantId);
    expect(await purgePage(db, audit, tenantId, 3)).toBe(2);
  });
});
