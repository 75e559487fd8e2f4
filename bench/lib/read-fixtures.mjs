// Fixtures for the read benchmarks, written straight into the shard (they measure reads, not
// ingestion): one tenant with 2,000 customers and 100 hourly credits for each of 200 of them.
import { ADMIN_TOKEN, api } from "./server.mjs";

/** `withTransactions(customers)` picks the 200 customers that get transactions. */
export async function seedReadFixtures(service, withTransactions = (customers) => customers.slice(0, 200)) {
  const created = await api(service.url, ADMIN_TOKEN, "POST", "/admin/tenants", { name: "bench", shard: 0 });
  const tenantId = created.body.tenant.id;
  const db = await service.mf.getD1Database("SHARD_0");
  const now = new Date().toISOString();
  const customers = Array.from({ length: 2000 }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Business ${i}`,
    email: `b${i}@example.com.gh`,
  }));
  for (let i = 0; i < customers.length; i += 500) {
    await db
      .prepare(
        `INSERT INTO customers (id, tenant_id, external_id, external_source, name, email, created_at, updated_at)
         SELECT value->>'id', ?1, value->>'id', 'bench', value->>'name', value->>'email', ?2, ?2 FROM json_each(?3)`,
      )
      .bind(tenantId, now, JSON.stringify(customers.slice(i, i + 500)))
      .run();
  }
  const txns = withTransactions(customers).flatMap((c) =>
    Array.from({ length: 100 }, (_, k) => ({
      id: crypto.randomUUID(),
      c: c.id,
      d: new Date(Date.now() - k * 3_600_000).toISOString(),
    })),
  );
  for (let i = 0; i < txns.length; i += 1000) {
    await db
      .prepare(
        `INSERT INTO transactions (id, tenant_id, customer_id, account_id, external_id, external_source, type, amount_minor, currency, transaction_date, created_at)
         SELECT value->>'id', ?1, value->>'c', value->>'c', value->>'id', 'bench', 'credit', 10000, 'GHS', value->>'d', ?2 FROM json_each(?3)`,
      )
      .bind(tenantId, now, JSON.stringify(txns.slice(i, i + 1000)))
      .run();
  }
  return { tenantId, key: created.body.apiKey.key, customers };
}
