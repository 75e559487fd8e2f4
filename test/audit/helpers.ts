import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { controlDb } from "../../src/db/client";
import { auditLog } from "../../src/db/control-schema";
import { tenantAuditLog } from "../../src/db/shard";
import { systemShardDb } from "../../src/db/system-db";
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
  const dbs = [env.CONTROL_DB, env.SHARD_0, env.SHARD_1];
  const tables = ["audit_log", "tenant_audit_log", "tenant_audit_log"];
  const dumps = await Promise.all(dbs.map((db, i) => db.prepare(`SELECT * FROM ${tables[i]}`).all()));
  return JSON.stringify(dumps.map((d) => d.results));
}
