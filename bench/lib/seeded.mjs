// Scale benchmarks seed a large tenant once and reuse it: state under bench/.data/<name>
// (gitignored), the tenant and its key in tenant.json, `--fresh` to start over.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ADMIN_TOKEN, api } from "./server.mjs";

const root = resolve(import.meta.dirname, "../..");

/** The bench's persisted state folder, emptied first when `--fresh` is given. */
export function benchState(name) {
  const state = join(root, "bench/.data", name);
  if (process.argv.includes("--fresh")) rmSync(state, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  return state;
}

/** SQL for a deterministic uuid from an integer expression (rows generated inside SQLite). */
export const seqUuid = (prefix, expr) => `printf('${prefix}-0000-4000-8000-%012d', ${expr})`;

/**
 * Rows i = 0 .. total - 1 generated inside SQLite: `insert` is an `INSERT ... SELECT ... FROM seq`
 * statement (?1 is the tenant id), run once per `chunk` rows through the D1 binding, so there is
 * no per-row round trip. With a `label`, a progress line counts the rows.
 */
export async function seedRows(db, tenantId, { total, chunk = 100_000, label }, insert) {
  for (let start = 0; start < total; start += chunk) {
    const end = Math.min(total, start + chunk);
    await db
      .prepare(`WITH RECURSIVE seq(i) AS (SELECT ?2 UNION ALL SELECT i + 1 FROM seq WHERE i < ?3) ${insert}`)
      .bind(tenantId, start, end - 1)
      .run();
    if (label) process.stdout.write(`\r  seeded ${end.toLocaleString()} ${label}`);
  }
  if (label) process.stdout.write("\n");
}

/**
 * The seeded tenant of a bench: reused from tenant.json, or created with `tenantBody` and
 * seeded by `seed(tenantId)` (which returns its seconds) when there is none yet.
 */
export async function seededTenant(url, state, tenantBody, what, seed) {
  const tenantFile = join(state, "tenant.json");
  if (existsSync(tenantFile)) {
    const tenant = JSON.parse(readFileSync(tenantFile, "utf8"));
    console.log(`reusing the seeded tenant ${tenant.id} (--fresh to reseed)`);
    return tenant;
  }
  const res = await api(url, ADMIN_TOKEN, "POST", "/admin/tenants", tenantBody);
  if (res.status !== 201) throw new Error(`create tenant: ${res.status} ${JSON.stringify(res.body)}`);
  const tenant = { id: res.body.tenant.id, key: res.body.apiKey.key };
  console.log(`seeding ${what} ...`);
  console.log(`  seed: ${(await seed(tenant.id)).toFixed(1)} s`);
  writeFileSync(tenantFile, JSON.stringify(tenant));
  return tenant;
}

const NOW_SQL = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * Customers i = 0 .. total - 1 (ids from `customerPrefix`, external ids `cus-i`, named
 * `${name}i`) and one current GHS account each (ids from `accountPrefix`). `columns` adds
 * customer columns as SQL expressions of i (e.g. `{ vertical: "CASE i % 2 ..." }`); `balance`
 * is the account's balance expression.
 */
export async function seedCustomersWithAccounts(
  db,
  tenantId,
  {
    total,
    chunk = 100_000,
    customerPrefix = "00000000",
    accountPrefix = "20000000",
    name = "Bench Customer ",
    type = "business",
    columns = {},
    balance = "0",
    at = NOW_SQL,
  },
) {
  const extra = Object.keys(columns);
  await seedRows(
    db,
    tenantId,
    { total, chunk },
    `INSERT INTO customers (id, tenant_id, external_id, external_source, type, name, status, tags, business_info, created_at, updated_at${extra.map((c) => `, ${c}`).join("")})
     SELECT ${seqUuid(customerPrefix, "i")}, ?1, 'cus-' || i, 'bench', '${type}', '${name}' || i, 'active', '[]', '{}', ${at}, ${at}${extra.map((c) => `, ${columns[c]}`).join("")} FROM seq`,
  );
  await seedRows(
    db,
    tenantId,
    { total, chunk },
    `INSERT INTO accounts (id, tenant_id, customer_id, external_id, external_source, type, status, currency, current_balance_minor, created_at, updated_at)
     SELECT ${seqUuid(accountPrefix, "i")}, ?1, ${seqUuid(customerPrefix, "i")}, 'acc-' || i, 'bench', 'current', 'active', 'GHS', ${balance}, ${at}, ${at} FROM seq`,
  );
}
