// The tenant of the per-request evaluation benches (fraud evaluate, pre-transaction screening):
// `customers` customers with one GHS account each and `tx` transactions each over 120 days,
// except customer 0, which has exactly 500 transactions in its 30-day window and 200 in the
// baseline before it. Dates are relative to the seeding instant, so a reused seed slowly leaves
// the window: the bench reseeds when customer 0 no longer has its 500.
import { mkdirSync, rmSync } from "node:fs";
import { benchState, seededTenant, seedRows, seqUuid } from "./seeded.mjs";
import { startService } from "./server.mjs";

const DAY = 86_400;
export const IN_WINDOW = 500;
/** Customer 0, the entity every request evaluates. */
export const ENTITY_ID = "c0000000-0000-4000-8000-000000000000";

async function seed(shard, tenantId, customers, tx) {
  const t0 = performance.now();
  await seedRows(
    shard,
    tenantId,
    { total: customers, label: "customers" },
    `INSERT INTO customers (id, tenant_id, external_id, external_source, type, name, status, tags, created_at, updated_at)
    SELECT ${seqUuid("c0000000", "i")}, ?1, 'C' || i, 'bench', 'individual', 'Customer ' || i, 'active', '[]',
      '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z' FROM seq`,
  );
  await seedRows(
    shard,
    tenantId,
    { total: customers, label: "accounts" },
    `INSERT INTO accounts (id, tenant_id, customer_id, external_id, external_source, currency, created_at, updated_at)
    SELECT ${seqUuid("a0000000", "i")}, ?1, ${seqUuid("c0000000", "i")}, 'A' || i, 'bench', 'GHS',
      '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z' FROM seq`,
  );
  // Mixed credits and debits, 1% large, four channels, 50 counterparties (one abroad).
  const txInsert = (prefix, customer, days, offset = 0) => `
    INSERT INTO transactions (id, tenant_id, customer_id, account_id, external_id, external_source, type, amount_minor,
      currency, status, transaction_date, channel, counterparty_account, counterparty_country, created_at)
    SELECT ${seqUuid(prefix, "i")}, ?1, ${seqUuid("c0000000", customer)}, ${seqUuid("a0000000", customer)},
      '${prefix}' || i, 'bench', CASE WHEN (i * 7) % 11 < 6 THEN 'credit' ELSE 'debit' END,
      CASE WHEN (i * 13) % 100 = 0 THEN 3000000 + (i * 31) % 3000000 ELSE 1000 + (i * 97) % 500000 END,
      'GHS', 'completed',
      strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ((i * 7919) % (${days} * ${DAY}) + ${offset} * ${DAY} + 60) || ' seconds'),
      CASE (i * 3) % 4 WHEN 0 THEN 'cash' WHEN 1 THEN 'mobile_money' WHEN 2 THEN 'bank_transfer' ELSE 'card' END,
      'CP-' || (i % 50), CASE WHEN i % 50 = 0 THEN 'NG' ELSE 'GH' END, '2025-01-01T00:00:00.000Z'
    FROM seq`;
  await seedRows(
    shard,
    tenantId,
    { total: (customers - 1) * tx, label: "transactions" },
    txInsert("t0000000", `1 + i % ${customers - 1}`, 120),
  );
  await seedRows(shard, tenantId, { total: IN_WINDOW }, txInsert("e0000000", "0", 29));
  await seedRows(shard, tenantId, { total: 200 }, txInsert("f0000000", "0", 89, 30));
  return (performance.now() - t0) / 1000;
}

const countInWindow = (shard, tenantId) =>
  shard
    .prepare(
      "SELECT count(*) AS n FROM transactions WHERE tenant_id = ? AND customer_id = ? AND transaction_date >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-30 days')",
    )
    .bind(tenantId, ENTITY_ID)
    .first();

/**
 * Starts the service on the bench's persisted state (seeded on first use, reseeded when the
 * entity's window has drifted) and returns { service, shard, tenant, inWindow }.
 */
export async function entityHistoryTenant(name, { customers, tx, service: options = {} }) {
  const state = benchState(`${name}-${customers}x${tx}`);
  for (let attempt = 0; ; attempt++) {
    const service = await startService({ ...options, persistTo: state });
    const shard = await service.mf.getD1Database("SHARD_0");
    const tenant = await seededTenant(
      service.url,
      state,
      { name: `${name} bench`, shard: 0 },
      `${customers} customers x ${tx} transactions, customer 0 with ${IN_WINDOW} in its window`,
      (tenantId) => seed(shard, tenantId, customers, tx),
    );
    const { n } = await countInWindow(shard, tenant.id);
    if (n === IN_WINDOW || attempt > 0) return { service, shard, tenant, inWindow: n };
    console.log(`customer 0 has ${n} transactions in its window (seeded earlier): reseeding`);
    await service.dispose();
    rmSync(state, { recursive: true, force: true });
    mkdirSync(state, { recursive: true });
  }
}
