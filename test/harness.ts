import { env, exports } from "cloudflare:workers";
import { accounts, agents, customers, transactions } from "../src/db/shard";
import { systemShardDb } from "../src/db/system-db";
import { acquireJobSlot, releaseJobSlot } from "../src/jobs/slots";
import type { Scope } from "../src/lib/scopes";
import { TEST_ADMIN_TOKEN } from "./constants";
import { assertMatchesContract } from "./contract";

/**
 * Requests go through the real Worker entry point (fetch handler, middleware, routes), and
 * every response is checked against openapi.json (test/contract.ts) before the test sees it.
 */
export async function call(
  method: string,
  path: string,
  init: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(
    new Request(`http://localhost${path}`, { method, headers, body }),
  );
  await assertMatchesContract(method, path, res);
  return res;
}

export const admin = (method: string, path: string, body?: unknown) =>
  call(method, path, { key: TEST_ADMIN_TOKEN, body });

export interface TestTenant {
  id: string;
  shard: number;
  key: string;
  keyId: string;
}

export async function createTenant(
  options: {
    name?: string;
    shard?: number;
    features?: { agentNetwork?: boolean };
    settings?: Record<string, unknown>;
  } = {},
): Promise<TestTenant> {
  const res = await admin("POST", "/admin/tenants", { name: options.name ?? "Test tenant", ...options });
  if (res.status !== 201) throw new Error(`createTenant: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as {
    tenant: { id: string; shard: number };
    apiKey: { id: string; key: string };
  };
  return { id: body.tenant.id, shard: body.tenant.shard, key: body.apiKey.key, keyId: body.apiKey.id };
}

export async function createKey(tenantId: string, scopes: Scope[], extra: { expiresAt?: string } = {}) {
  const res = await admin("POST", `/admin/tenants/${tenantId}/keys`, { name: "test key", scopes, ...extra });
  if (res.status !== 201) throw new Error(`createKey: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { apiKey: { id: string; key: string } }).apiKey;
}

/** Raw rows of a tenant's shard (tests that look at what was stored). */
export const shardRows = async <T>(t: TestTenant, query: string, ...params: unknown[]) =>
  (
    await systemShardDb(env, t.shard)
      .$client.prepare(query)
      .bind(...params)
      .all<T>()
  ).results;

export const json = async <T = Record<string, unknown>>(res: Response): Promise<T> => (await res.json()) as T;

// ---- direct fixtures (tests only; product data arrives through ingest or sync) --------

const now = () => new Date().toISOString();
let counter = 0;
const nextExternalId = (kind: string) => `${kind}-${Date.now()}-${++counter}`;

export async function insertCustomer(
  tenant: TestTenant,
  fields: Partial<typeof customers.$inferInsert> = {},
) {
  const row: typeof customers.$inferInsert = {
    id: crypto.randomUUID(),
    tenantId: tenant.id,
    externalId: nextExternalId("cus"),
    externalSource: "test",
    type: "business",
    name: "Test Customer",
    email: null,
    status: "active",
    tags: [],
    businessInfo: {},
    createdAt: now(),
    updatedAt: now(),
    ...fields,
  };
  await systemShardDb(env, tenant.shard).insert(customers).values(row);
  return row;
}

export async function insertAccount(
  tenant: TestTenant,
  customerId: string,
  fields: Partial<typeof accounts.$inferInsert> = {},
) {
  const row: typeof accounts.$inferInsert = {
    id: crypto.randomUUID(),
    tenantId: tenant.id,
    customerId,
    externalId: nextExternalId("acc"),
    externalSource: "test",
    type: "current",
    status: "active",
    currency: "GHS",
    currentBalanceMinor: 0,
    createdAt: now(),
    updatedAt: now(),
    ...fields,
  };
  await systemShardDb(env, tenant.shard).insert(accounts).values(row);
  return row;
}

export async function insertTransactions(
  tenant: TestTenant,
  account: { id: string; customerId: string },
  items: Array<Partial<typeof transactions.$inferInsert> & { amountMinor: number; transactionDate: string }>,
) {
  const rows = items.map((item): typeof transactions.$inferInsert => ({
    id: crypto.randomUUID(),
    tenantId: tenant.id,
    customerId: account.customerId,
    accountId: account.id,
    externalId: nextExternalId("txn"),
    externalSource: "test",
    type: "credit",
    currency: "GHS",
    status: "completed",
    createdAt: now(),
    ...item,
  }));
  const db = systemShardDb(env, tenant.shard);
  // 21 columns per row: stay under D1's 100 bound parameters per statement.
  for (let i = 0; i < rows.length; i += 4) await db.insert(transactions).values(rows.slice(i, i + 4));
  return rows;
}

export async function insertAgent(tenant: TestTenant, fields: Partial<typeof agents.$inferInsert> = {}) {
  const agentId = fields.agentId ?? nextExternalId("AGT");
  const row: typeof agents.$inferInsert = {
    id: crypto.randomUUID(),
    tenantId: tenant.id,
    agentId,
    externalId: agentId,
    externalSource: "test",
    agentCode: agentId,
    agentName: "Test Agent",
    agentType: "individual",
    agentTier: "standard",
    agentStatus: "active",
    floatBalanceMinor: 500_000,
    floatLimitMinor: 1_000_000,
    currency: "GHS",
    region: "Greater Accra",
    servesRegions: [],
    createdAt: now(),
    updatedAt: now(),
    ...fields,
  };
  await systemShardDb(env, tenant.shard).insert(agents).values(row);
  return row;
}

/**
 * Takes `n` of the tenant's job slots, so the real jobs queue defers its messages while a test
 * drives the job's steps itself; the answer releases them.
 */
export async function holdJobSlots(tenantId: string, n = 2): Promise<() => Promise<void>> {
  const held = Array.from({ length: n }, () => ({ tenantId, slotId: `held-${crypto.randomUUID()}` }));
  for (const slot of held) {
    if (!(await acquireJobSlot(env, { ...slot, jobType: "test" }, new Date())))
      throw new Error("job slot not taken");
  }
  return async () => {
    for (const slot of held) await releaseJobSlot(env, slot);
  };
}
