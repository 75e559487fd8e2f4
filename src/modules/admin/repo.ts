import { and, count, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ControlDb } from "../../db/client";
import {
  type ApiKeyRow,
  apiKeys,
  connectors,
  type TenantRow,
  tenantOrigins,
  tenants,
} from "../../db/control-schema";
import { keysetPage, listOrder, type PageRequest, planned } from "../../db/keyset";
import { tenantWhere } from "../../db/tenant-tables";

/** Control-database queries. Operator scope: these are not tenant-scoped by design. */
const tenantOrder = listOrder("tenants", tenants, { createdAt: "desc", id: "desc" });

/** The operator's list of tenants (the control database: not tenant-scoped by design). */
export const listTenants = (db: ControlDb, page: PageRequest) =>
  keysetPage(tenantOrder, {}, page, {
    rows: (plan) => planned(db.select().from(tenants).where(plan.after), plan),
    count: async () => (await db.select({ total: count() }).from(tenants).get())?.total ?? 0,
  });

export async function tenantsPerShard(db: ControlDb): Promise<Map<number, number>> {
  const rows = await db.select({ shard: tenants.shard, n: count() }).from(tenants).groupBy(tenants.shard);
  return new Map(rows.map((r) => [r.shard, r.n]));
}

/** An audit statement rides along in the same batch (it exists if and only if the change does). */
type Audit = BatchItem<"sqlite">;

/** `alongside`: statements that must land with the tenant row (its origin mirror). */
export const insertTenantWithKey = (
  db: ControlDb,
  tenant: TenantRow,
  key: ApiKeyRow,
  audit: Audit,
  alongside: Audit[] = [],
) => db.batch([db.insert(tenants).values(tenant), db.insert(apiKeys).values(key), audit, ...alongside]);

export async function updateTenant(
  db: ControlDb,
  tenantId: string,
  patch: Partial<TenantRow>,
  audit: Audit,
  alongside: Audit[] = [],
) {
  const [rows] = await db.batch([
    db.update(tenants).set(patch).where(eq(tenants.id, tenantId)).returning(),
    audit,
    ...alongside,
  ]);
  return rows[0];
}

/**
 * Offboarding: the tenant's control rows (keys first: they reference the tenant), for the batch
 * that also writes its tombstone. A deleted tenant's keys stop authenticating with this batch.
 */
export const tenantRemovalStatements = (db: ControlDb, tenantId: string): BatchItem<"sqlite">[] => [
  db.delete(apiKeys).where(tenantWhere({ tenantId }, apiKeys)),
  db.delete(connectors).where(tenantWhere({ tenantId }, connectors)),
  db.delete(tenantOrigins).where(tenantWhere({ tenantId }, tenantOrigins)),
  db.delete(tenants).where(eq(tenants.id, tenantId)),
];

export const listConnectors = (db: ControlDb, tenantId: string) =>
  db.select().from(connectors).where(tenantWhere({ tenantId }, connectors));

export const insertKey = (db: ControlDb, key: ApiKeyRow) => db.insert(apiKeys).values(key);

export const findKey = (db: ControlDb, keyId: string) =>
  db.select().from(apiKeys).where(eq(apiKeys.id, keyId)).get();

export const listKeys = (db: ControlDb, tenantId: string) =>
  db
    .select()
    .from(apiKeys)
    .where(tenantWhere({ tenantId }, apiKeys))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

export const setKeyRateLimit = (db: ControlDb, keyId: string, rateLimitPerMinute: number | null) =>
  db.update(apiKeys).set({ rateLimitPerMinute }).where(eq(apiKeys.id, keyId));

/** Candidates for a presented key: rows sharing its display prefix, with their tenant. */
export const keysByPrefix = (db: ControlDb, prefix: string) =>
  db
    .select({ key: apiKeys, tenant: tenants })
    .from(apiKeys)
    .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .where(eq(apiKeys.prefix, prefix));

/**
 * Rotation in one atomic batch: the old key claimed first (only while it names no successor),
 * then the new key and the audit entry, each written only if the statement before it changed a
 * row. Of rotations racing for one key exactly one mints a successor; false for the others.
 * `audit` must be an onlyIfChanged entry.
 */
export async function rotateKey(
  db: ControlDb,
  oldKeyId: string,
  oldExpiresAt: string,
  newKey: ApiKeyRow,
  audit: Audit,
): Promise<boolean> {
  // INSERT ... SELECT lists the table's columns in declaration order (as the audit entry does).
  const values = sql.join(
    Object.entries(getTableColumns(apiKeys)).map(([name, column]) => {
      const value = (newKey as unknown as Record<string, unknown>)[name];
      return value === undefined || value === null ? sql`NULL` : sql`${column.mapToDriverValue(value)}`;
    }),
    sql`, `,
  );
  const [claimed] = (await db.batch([
    db
      .update(apiKeys)
      .set({ expiresAt: oldExpiresAt, rotatedTo: newKey.id })
      .where(and(eq(apiKeys.id, oldKeyId), isNull(apiKeys.rotatedTo)))
      .returning({ id: apiKeys.id }),
    db.insert(apiKeys).select(sql`SELECT ${values} WHERE changes() > 0`),
    audit,
  ])) as unknown as [unknown[]];
  return claimed.length > 0;
}

export const revokeKey = (db: ControlDb, keyId: string, at: string) =>
  db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));

export const findConnector = (db: ControlDb, tenantId: string, type: string) =>
  db
    .select()
    .from(connectors)
    .where(tenantWhere({ tenantId }, connectors, eq(connectors.type, type)))
    .get();

export const connectorsPage = (db: ControlDb, limit: number, offset: number) =>
  db.select().from(connectors).orderBy(connectors.tenantId, connectors.type).limit(limit).offset(offset);

export const setConnectorConfig = (
  db: ControlDb,
  tenantId: string,
  type: string,
  config: Record<string, unknown>,
) =>
  db
    .update(connectors)
    .set({ config })
    .where(tenantWhere({ tenantId }, connectors, eq(connectors.type, type)));

export const upsertConnector = (db: ControlDb, row: typeof connectors.$inferInsert) =>
  db
    .insert(connectors)
    .values(row)
    .onConflictDoUpdate({
      target: [connectors.tenantId, connectors.type],
      set: { provider: row.provider, config: row.config, updatedAt: row.updatedAt },
    });
