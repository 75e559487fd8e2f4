import { env } from "cloudflare:workers";
import { systemShardBinding } from "../../src/db/system-db";
import { tenantTables } from "../../src/db/tenant-table-list";
import { CUSTOMER_ERASURE_JOB, jobs, TENANT_DELETE_JOB, TENANT_EXPORT_JOB } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import type { TestTenant } from "../harness";

/** Every tenant table's row count for one tenant (only its rows: the database is shared). */
export async function rowCounts(t: { id: string; shard: number }): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tenantTables()) {
    const row = await systemShardBinding(env, t.shard)
      .prepare(`SELECT count(*) AS n FROM "${table.name}" WHERE tenant_id = ?1`)
      .bind(t.id)
      .first<{ n: number }>();
    if (row && row.n > 0) counts[table.name] = row.n;
  }
  return counts;
}

export async function objectKeys(tenantId: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ prefix: `tenants/${tenantId}/`, cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

const control = <T>(query: string, ...params: unknown[]) =>
  env.CONTROL_DB.prepare(query)
    .bind(...params)
    .first<T>();

/** Runs the export's turns through the job handler until it completes (bounded). */
export async function driveExport(t: TestTenant, exportId: string): Promise<number> {
  for (let turn = 0; turn < 200; turn++) {
    const row = await control<{ step: number; status: string }>(
      "SELECT step, status FROM tenant_exports WHERE id = ?1",
      exportId,
    );
    if (!row || row.status === "completed") return turn;
    await jobHandlers[TENANT_EXPORT_JOB](env, jobs.tenantExport(t.id, exportId, row.step));
  }
  throw new Error("export did not complete in 200 turns");
}

export async function driveDeletion(tenantId: string): Promise<number> {
  for (let turn = 0; turn < 200; turn++) {
    const row = await control<{ step: number; status: string }>(
      "SELECT step, status FROM tenant_tombstones WHERE tenant_id = ?1",
      tenantId,
    );
    if (!row || row.status === "deleted") return turn;
    await jobHandlers[TENANT_DELETE_JOB](env, jobs.tenantDelete(tenantId, row.step));
  }
  throw new Error("deletion did not complete in 200 turns");
}

/** Runs an erasure's turns through the job handler until it completes (bounded). */
export async function driveErasure(t: TestTenant, erasureId: string) {
  for (let turn = 0; turn < 100; turn++) {
    const row = await systemShardBinding(env, t.shard)
      .prepare("SELECT step, status FROM customer_erasures WHERE id = ?1")
      .bind(erasureId)
      .first<{ step: number; status: string }>();
    if (!row || row.status === "completed") return;
    await jobHandlers[CUSTOMER_ERASURE_JOB](env, jobs.customerErasure(t.id, erasureId, row.step));
  }
  throw new Error("erasure did not complete");
}
