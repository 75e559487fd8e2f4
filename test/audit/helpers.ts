import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { controlDb, shardNumbers } from "../../src/db/client";
import { auditLog } from "../../src/db/control-schema";
import { tenantAuditLog } from "../../src/db/shard";
import { systemShardBinding, systemShardDb } from "../../src/db/system-db";
import { TEST_ADMIN_TOKEN } from "../constants";
import { call } from "../harness";

let counter = 0;
/** A request id this test sends (x-request-id) and then expects in the entry. */
export const newRequestId = (label: string) => `audit-${label}-${Date.now()}-${++counter}`;

export const adminAs = (
  requestId: string,
  method: string,
  path: string,
  body?: unknown,
  key = TEST_ADMIN_TOKEN,
) => call(method, path, { key, body, headers: { "x-request-id": requestId } });

export const tenantAs = (requestId: string, key: string, method: string, path: string, body?: unknown) =>
  call(method, path, { key, body, headers: { "x-request-id": requestId } });

/** Stored operator entries (CONTROL_DB) for one request id. */
export const operatorEntries = (requestId: string) =>
  controlDb(env).select().from(auditLog).where(eq(auditLog.requestId, requestId));

/** Stored tenant entries (the shard) for one request id. */
export const tenantEntries = (shard: number, requestId: string) =>
  systemShardDb(env, shard).select().from(tenantAuditLog).where(eq(tenantAuditLog.requestId, requestId));

/** Every stored byte of both audit tables on every database, as text: to search for secrets. */
export async function everyStoredEntry(): Promise<string> {
  const shards = shardNumbers(env).map((n) => systemShardBinding(env, n));
  const dbs = [env.CONTROL_DB, ...shards];
  const tables = ["audit_log", ...shards.map(() => "tenant_audit_log")];
  const dumps = await Promise.all(dbs.map((db, i) => db.prepare(`SELECT * FROM ${tables[i]}`).all()));
  return JSON.stringify(dumps.map((d) => d.results));
}
