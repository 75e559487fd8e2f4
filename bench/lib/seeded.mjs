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
