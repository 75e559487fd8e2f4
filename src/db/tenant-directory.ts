import { asc, eq, gt, sql } from "drizzle-orm";
import type { Env } from "../env";
import { notFound } from "../lib/errors";
import { controlDb } from "./client";
import { type TenantRow, tenants } from "./control-schema";

/**
 * The control database's tenant rows, read below the modules (as tenant-context.ts and
 * src/jobs/enqueue.ts do): cron passes over every tenant (monitoring's schedules and sweep), and
 * modules below admin look a tenant up by id (usage recounts, privacy jobs). Operator scope: not
 * tenant-scoped by design. Writes stay with the admin module (admin/tenants/service.ts), which
 * reads its rows here too (docs/architecture.md#tables-and-their-owners).
 */

/** The tenant's control row; not_found (404) when there is none. */
export async function getTenant(env: Env, tenantId: string): Promise<TenantRow> {
  const row = await controlDb(env).select().from(tenants).where(eq(tenants.id, tenantId)).get();
  if (!row) throw notFound("Tenant");
  return row;
}

/** A page of tenant rows after `after` in id order, for cron tasks that pass over every tenant. */
export const tenantPage = (env: Env, after: string, limit: number) =>
  controlDb(env).select().from(tenants).where(gt(tenants.id, after)).orderBy(asc(tenants.id)).limit(limit);

/**
 * The named tenants' rows (absent ids are left out). Ids travel as one JSON parameter: D1 binds
 * at most 100 per statement.
 */
export const tenantsIn = (env: Env, ids: readonly string[]): Promise<TenantRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : controlDb(env)
        .select()
        .from(tenants)
        .where(sql`${tenants.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
