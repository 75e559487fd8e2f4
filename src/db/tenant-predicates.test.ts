import { describe, expect, it } from "vitest";

const sources = import.meta.glob(["../modules/**/*.ts", "!../modules/**/*.test.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/** A tenant predicate typed by hand instead of through src/db/tenant-tables.ts. */
const HAND_WRITTEN = /eq\(\s*[\w.]+\.tenantId\b|tenant_id\s*=/g;

/**
 * System repositories: cross-tenant sweeps (cron, queues, re-anchor, reseal) that take the
 * tenant from the row they sweep, not from a scope. They are the files named `system-repo.ts`
 * (docs/architecture.md#module-layout) and stay outside the rule by that name.
 */
const isSystemRepository = (file: string) => file.endsWith("/system-repo.ts");

/**
 * The raw shard client, or a way to reach one, outside a system repository: the system entry
 * (src/db/system-db.ts), the D1 binding (`$client`, `SHARD_n`, prepared strings) or the raw
 * Drizzle type. Modules hold only the scoped client (src/db/tenant-db.ts).
 */
const RAW_CLIENT =
  /\bsystem-db\b|systemShard\w*|\$client\b|\bShardDb\b|\bD1Database\b|\bSHARD_\d|\.prepare\(|\bdrizzleShard\b/g;

/** A join whose ON does not come from TenantDb.on (which adds the joined table's tenant). */
const UNSCOPED_JOIN = /\.(?:inner|left|right|full|cross)Join\(\s*[\w.]+\s*,(?!\s*[\w.]+\.on\()/g;

/** Files that query the shard through a scope (the control plane's joins are not tenant data). */
const usesScope = (text: string) => /\b(?:scope|ctx)\.db\b/.test(text);

const rawClientIn = (text: string) => [
  ...(text.match(RAW_CLIENT) ?? []),
  ...(usesScope(text) ? (text.match(UNSCOPED_JOIN) ?? []) : []),
];

const predicatesIn = (text: string) => text.match(HAND_WRITTEN) ?? [];
const withPredicates = Object.entries(sources)
  .map(([path, text]) => ({ file: path.replace(/^\.\.\//, ""), count: predicatesIn(text).length }))
  .filter(({ count }) => count > 0);

describe("tenant predicates", () => {
  it("finds the module sources", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(predicatesIn("and(eq(t.tenantId, id), x)\nWHERE pg.tenant_id=?1")).toHaveLength(2);
  });

  it("are written only through src/db/tenant-tables.ts outside system repositories", () => {
    const offenders = withPredicates
      .filter(({ file }) => !isSystemRepository(file))
      .map(({ file, count }) => `${file}: ${count}`);
    expect(offenders, "use tenantWhere/tenantSql/sameTenant/withTenant from src/db/tenant-tables.ts").toEqual(
      [],
    );
  });

  it("reach the shard only through the scoped client outside system repositories", () => {
    expect(rawClientIn('import { systemShardDb } from "../../db/system-db";')).toHaveLength(2);
    expect(rawClientIn("scope.db.select().from(a).innerJoin(b, eq(b.id, a.id))")).toHaveLength(1);
    expect(rawClientIn("ctx.db.batch([]); x.leftJoin(\n  b,\n  and(eq(b.id, a.id)))")).toHaveLength(1);
    expect(rawClientIn("scope.db.select().from(a).innerJoin(b, scope.db.on(b, eq(b.id, a.id)))")).toEqual([]);
    const offenders = Object.entries(sources)
      .map(([path, text]) => ({ file: path.replace(/^\.\.\//, ""), found: rawClientIn(text) }))
      .filter(({ file, found }) => found.length > 0 && !isSystemRepository(file))
      .map(({ file, found }) => `${file}: ${found.join(", ")}`);
    expect(offenders, "modules get a TenantDb (src/db/tenant-db.ts); sweeps live in system-repo.ts").toEqual(
      [],
    );
  });
});
