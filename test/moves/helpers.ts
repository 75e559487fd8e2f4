import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { TenantMoveRow } from "../../src/db/control-schema";
import { TENANT_TABLES } from "../../src/db/tenant-table-list";
import type { Env } from "../../src/env";
import type { JobMessage } from "../../src/jobs/messages";
import { systemClock } from "../../src/lib/clock";
import { advanceMove } from "../../src/modules/admin/moves/runner";
import { openCase as openFraudCase } from "../fraud/helpers";
import { call, insertAccount, insertCustomer, json, type TestTenant } from "../harness";
import { subscribe } from "../webhooks/helpers";

export interface MoveJson {
  id: string;
  state: string;
  step: string;
  round: number;
  verified: boolean;
  fenceSeconds: number | null;
  error: string | null;
  totals: { sourceRows: number; targetRows: number; written: number; deleted: number; removed: number };
  tables: Array<{
    table: string;
    sourceRows: number;
    targetRows: number;
    sourceHash: string | null;
    targetHash: string | null;
    removed: number;
  }>;
}

const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** Transactions inserted straight into the shard (one statement per 200, from a recursive CTE). */
export async function insertManyTransactions(
  t: TestTenant,
  account: { id: string; customerId: string },
  n: number,
) {
  const db = (env as unknown as Record<string, D1Database>)[`SHARD_${t.shard}`];
  for (let from = 0; from < n; from += 200) {
    await db
      .prepare(
        `WITH RECURSIVE seq(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?2)
         INSERT INTO transactions (id, tenant_id, customer_id, account_id, external_id, external_source, type,
           amount_minor, currency, status, transaction_date, channel, created_at)
         SELECT lower(hex(randomblob(16))), ?3, ?4, ?5, ?6 || '-' || i, 'bulk', CASE i % 2 WHEN 0 THEN 'credit' ELSE 'debit' END,
           1000 + i, 'GHS', 'completed', ?7, 'cash', ?7 FROM seq`,
      )
      .bind(from, Math.min(n, from + 200) - 1, t.id, account.customerId, account.id, account.id, ago(3))
      .run();
  }
}

/** What a tenant holds before its move: data, fraud cases, an AML case, a webhook subscription. */
export async function seedTenant(t: TestTenant, transactions = 300) {
  const customer = await insertCustomer(t, { name: "Ama Mensah", email: "ama@example.com" });
  const account = await insertAccount(t, customer.id!);
  await insertManyTransactions(t, { id: account.id!, customerId: customer.id! }, transactions);
  const fraudCases = [await openFraudCase(t), await openFraudCase(t)];
  for (const c of fraudCases)
    await call("POST", `/v1/fraud/cases/${c.id}/notes`, {
      key: t.key,
      body: { content: "seen", actorId: "a1" },
    });
  // A large cash deposit opens an AML case (AML-LCT-001), then one transition appends to its history.
  const aml = await insertCustomer(t);
  const amlAccount = await insertAccount(t, aml.id!);
  const db = (env as unknown as Record<string, D1Database>)[`SHARD_${t.shard}`];
  await db
    .prepare(
      `INSERT INTO transactions (id, tenant_id, customer_id, account_id, external_id, external_source, type,
         amount_minor, currency, status, transaction_date, channel, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, 'test', 'credit', 6000000, 'GHS', 'completed', ?6, 'cash', ?6)`,
    )
    .bind(crypto.randomUUID(), t.id, aml.id, amlAccount.id, `cash-${crypto.randomUUID()}`, ago(2))
    .run();
  const evaluated = await json<{ result: { cases: Array<{ caseId: string }> } }>(
    await call("POST", "/v1/kyc-aml/evaluate", {
      key: t.key,
      body: { entityType: "customer", entityId: aml.id, ruleIds: ["AML-LCT-001"] },
    }),
  );
  const amlCaseId = evaluated.result.cases[0].caseId;
  const moved = await call("POST", `/v1/kyc-aml/cases/${amlCaseId}/transition`, {
    key: t.key,
    body: { toStatus: "under_investigation", actorId: "analyst-7", note: "checked" },
  });
  expect(moved.status, await moved.clone().text()).toBe(200);
  await subscribe(t, "https://hooks.example.com/in");
  return { customerId: customer.id!, fraudCaseIds: fraudCases.map((c) => c.id), amlCaseId };
}

/** Rows of the tenant per tenant table on a shard. */
export async function rowsOn(shard: number, tenantId: string) {
  const db = (env as unknown as Record<string, D1Database>)[`SHARD_${shard}`];
  const counts: Record<string, number> = {};
  for (const table of [...TENANT_TABLES, "customer_search_tenants", "maintenance_permits"]) {
    const row = await db
      .prepare(`SELECT count(*) AS n FROM "${table}" WHERE tenant_id = ?1`)
      .bind(tenantId)
      .first<{ n: number }>();
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

export const nonEmpty = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));

/** The fraud and AML case chains verify through the tenant's own endpoints (on its live shard). */
export async function expectChainsVerify(
  t: TestTenant,
  seeded: { fraudCaseIds: string[]; amlCaseId: string },
) {
  for (const id of seeded.fraudCaseIds) {
    const v = await json<{ valid: boolean; anchorValid: boolean | null }>(
      await call("GET", `/v1/fraud/cases/${id}/verify`, { key: t.key }),
    );
    expect(v.valid).toBe(true);
  }
  const aml = await json<{ case: { chainValid: boolean; eventCount: number } }>(
    await call("GET", `/v1/kyc-aml/cases/${seeded.amlCaseId}`, { key: t.key }),
  );
  expect(aml.case.chainValid).toBe(true);
}

/** A JOBS_QUEUE that keeps what is sent, for tests that run the move's messages themselves. */
export function recordingEnv(overrides: Partial<Env> = {}) {
  const sent: JobMessage[] = [];
  const queue = {
    send: async (body: JobMessage) => void sent.push(body),
    sendBatch: async (messages: Array<{ body: JobMessage }>) =>
      void sent.push(...messages.map((m) => m.body)),
  };
  return { sent, env: { ...env, ...overrides, JOBS_QUEUE: queue } as unknown as Env };
}

/**
 * Runs a move's units (each within `budget()`) until `until` holds or the move ends; fails after
 * `maxUnits`. Tests that drive a move by hand.
 */
export async function advanceMoveUntil(
  jobEnv: Env,
  load: () => Promise<TenantMoveRow>,
  until: (m: TenantMoveRow) => boolean,
  budget: () => { statements: number; deadline: number },
  maxUnits = 500,
) {
  for (let i = 0; i < maxUnits; i++) {
    const move = await load();
    if (until(move) || move.state !== "running") return move;
    await advanceMove(jobEnv, move, budget());
  }
  throw new Error("the move did not get there");
}

/** The operator context of tests that call operator services directly (on a recording env). */
export const operatorContext = (jobEnv: Env) => ({
  env: jobEnv,
  actor: { type: "operator" as const, id: "test" },
  requestId: "test",
  clock: systemClock,
});

/**
 * A recording env for a move driven by hand (no settle wait, pages of 40 rows, a fence of
 * `fenceSeconds`) and the operator context that starts it there.
 */
export function moveTestEnv(fenceSeconds: number) {
  const recorded = recordingEnv({
    TENANT_MOVE_SETTLE_SECONDS: "0",
    TENANT_MOVE_FENCE_SECONDS: String(fenceSeconds),
    TENANT_MOVE_PAGE_ROWS: "40",
  });
  return { ...recorded, op: operatorContext(recorded.env) };
}

/**
 * The D1 bindings of `base` (or only those named), failing every statement after the first
 * `allowed` (a crash mid-unit; 0: the binding is down).
 */
export function crashingEnv(
  base: Env,
  allowed: number,
  bindings: ReadonlyArray<"CONTROL_DB" | "SHARD_0" | "SHARD_1"> = ["CONTROL_DB", "SHARD_0", "SHARD_1"],
): Env {
  let sent = 0;
  const tick = () => {
    if (++sent > allowed) throw new Error(`simulated crash after ${allowed} statements`);
  };
  const inner = new WeakMap<object, D1PreparedStatement>();
  const wrapStatement = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => wrapStatement(target.bind(...values));
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (["all", "run", "first", "raw"].includes(String(prop)))
          return (...args: unknown[]) => {
            tick();
            return value.apply(target, args);
          };
        return value.bind(target);
      },
    });
    inner.set(proxy, stmt);
    return proxy;
  };
  const wrap = (d1: D1Database) =>
    new Proxy(d1, {
      get(target, prop) {
        if (prop === "prepare") return (sql: string) => wrapStatement(target.prepare(sql));
        if (prop === "batch")
          return (stmts: D1PreparedStatement[]) => {
            tick();
            return target.batch(stmts.map((s) => inner.get(s) ?? s));
          };
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const wrapped = Object.fromEntries(bindings.map((b) => [b, wrap(base[b] as D1Database)]));
  return { ...base, ...wrapped } as Env;
}
