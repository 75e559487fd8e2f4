import { env } from "cloudflare:workers";
import { systemShardBinding } from "../../src/db/system-db";

/**
 * "A refused request writes nothing", made observable: per table, the tenant's row count and
 * latest `updated_at` on its shard (or, for operator operations, every control table). Taken
 * right before and after one request; a difference names the table. A global
 * `total_changes()` cannot serve: it counts every connection's writes, background work included.
 * Durable Object storage (the fraud case chain) is not covered; its D1 mirror rows are.
 */

const queries = new Map<string, string>();
/**
 * Tables whose rows background work updates by design long after the request that made them
 * (delivery attempts and their retry schedule; a tenant deletion's turns): their row count is
 * checked, their updated_at not.
 */
const UPDATED_IN_BACKGROUND = new Set(["webhook_deliveries", "tenant_tombstones"]);
/**
 * Tables only the background fan-out of earlier events writes (the outbox consumer and the
 * webhook queue, seconds later): no request writes them itself, so they are left out. The
 * events a request raises (the outbox) are still compared.
 */
const WRITTEN_IN_BACKGROUND_ONLY = new Set(["webhook_deliveries", "webhook_delivery_attempts"]);
/**
 * Storage figures (control tables): kept by every R2 put, background jobs' included (backtest
 * documents, exports), and measured by the first read of the figures or the queued recount
 * (usage.measure); not a request's own write.
 */
const FIGURES = new Set(["tenant_object_usage", "tenant_row_usage", "job_resumes"]);
/**
 * Concurrency permits of running jobs (control table): every file's background jobs, in the workerd
 * the fuzzer shares, take and release them while a request runs, so an operator request's
 * before/after differed with nothing of its own written (seen at load 11).
 */
const PERMITS = new Set(["job_slots"]);

async function snapshotQuery(db: D1Database, scope: "tenant" | "all"): Promise<string> {
  const key = `${scope}:${db === env.CONTROL_DB}`;
  const cached = queries.get(key);
  if (cached) return cached;
  const { results } = await db
    .prepare(
      `SELECT m.name AS name,
              SUM(p.name = 'tenant_id') AS has_tenant,
              SUM(p.name = 'updated_at') AS has_updated
         FROM sqlite_master m JOIN pragma_table_info(m.name) p
        WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_cf_%'
          AND m.name NOT LIKE 'd1_%' AND m.sql NOT LIKE 'CREATE VIRTUAL%'
        GROUP BY m.name ORDER BY m.name`,
    )
    .all<{ name: string; has_tenant: number; has_updated: number }>();
  const tables = results.filter(
    (t) =>
      (scope === "all" || t.has_tenant > 0) &&
      !WRITTEN_IN_BACKGROUND_ONLY.has(t.name) &&
      !FIGURES.has(t.name) &&
      !PERMITS.has(t.name),
  );
  // One row, one column per table: D1 caps the terms of a compound SELECT (UNION ALL).
  const where = scope === "tenant" ? " WHERE tenant_id = ?1" : "";
  const sql = `SELECT ${tables
    .map(
      (t) =>
        `(SELECT COUNT(*) || ' rows, latest update ' || ${t.has_updated && !UPDATED_IN_BACKGROUND.has(t.name) ? "IFNULL(MAX(updated_at), '-')" : "'-'"} FROM "${t.name}"${where}) AS "${t.name}"`,
    )
    .join(", ")}`;
  queries.set(key, sql);
  return sql;
}

export type Snapshot = Record<string, string>;

export async function snapshot(target: { shard: number; tenantId: string } | "control"): Promise<Snapshot> {
  const db = target === "control" ? env.CONTROL_DB : systemShardBinding(env, target.shard);
  const sql = await snapshotQuery(db, target === "control" ? "all" : "tenant");
  const statement = db.prepare(sql);
  const row = await (target === "control" ? statement : statement.bind(target.tenantId)).first<Snapshot>();
  return row ?? {};
}

/**
 * Waits until background work of earlier requests (waitUntil, queues) stops changing the
 * snapshot: `quietPolls` unchanged polls in a row, `pollMs` apart, within `maxPolls`.
 */
export async function settledSnapshot(
  target: Parameters<typeof snapshot>[0],
  { quietPolls = 1, pollMs = 25, maxPolls = 20 } = {},
): Promise<Snapshot> {
  let previous = await snapshot(target);
  let quiet = 0;
  for (let i = 0; i < maxPolls; i++) {
    await new Promise((r) => setTimeout(r, i === 0 ? 0 : pollMs));
    const next = await snapshot(target);
    quiet = diff(previous, next).length === 0 ? quiet + 1 : 0;
    if (quiet >= quietPolls) return next;
    previous = next;
  }
  return previous;
}

export const diff = (before: Snapshot, after: Snapshot) =>
  Object.keys({ ...before, ...after })
    .filter((t) => before[t] !== after[t])
    .map((t) => `${t}: ${before[t]} -> ${after[t]}`);

/**
 * Work a request leaves running on the queue for its tenant, as a SQL count of in-flight rows
 * (`?1` is the tenant id); 0 means none. Each module that answers 202 with work it does in
 * steps seconds apart adds its probe in ./background.ts.
 */
export interface BusyProbe {
  name: string;
  sql: string;
}

/**
 * Waits until every probe counts nothing for the tenant (30 s at most), then until background
 * work stops changing the snapshot: what a 202 started has settled before the next write check.
 */
export async function backgroundWorkSettled(
  target: { shard: number; tenantId: string },
  probes: readonly BusyProbe[],
): Promise<void> {
  const db = systemShardBinding(env, target.shard);
  if (probes.length) {
    const busy = db.prepare(`SELECT ${probes.map((p) => `(${p.sql})`).join(" + ")} AS n`);
    for (let i = 0; i < 300; i++) {
      const row = await busy.bind(target.tenantId).first<{ n: number }>();
      if (!row?.n) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await settledSnapshot(target, { quietPolls: 4, pollMs: 50, maxPolls: 60 });
}
