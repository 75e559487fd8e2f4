import { describe, expect, it } from "vitest";

// Vite reads the files at transform time, so this test needs no Node file-system types.
declare global {
  interface ImportMeta {
    glob(
      pattern: string | string[],
      options: { query: "?raw"; import: "default"; eager: true },
    ): Record<string, string>;
  }
}

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
 * Files still to convert to the tenant-tables helpers. This list may only shrink: when a file
 * is converted, remove it (the second test fails until you do); never add one. What remains
 * is raw D1 prepared SQL (`tenant_id = ?1` strings) and one raw same-tenant join.
 */
const TO_CONVERT = new Set([
  "modules/agent-health/repo.ts",
  "modules/agent-health/benchmarks/repo.ts", // moved out of agent-health/repo.ts, not new
  "modules/data/upsert/repo.ts",
  "modules/data/domain/upsert-sql.ts",
]);

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
      .filter(({ file }) => !isSystemRepository(file) && !TO_CONVERT.has(file))
      .map(({ file, count }) => `${file}: ${count}`);
    expect(offenders, "use tenantWhere/tenantSql/sameTenant/withTenant from src/db/tenant-tables.ts").toEqual(
      [],
    );
  });

  it("lists only files that still hold a hand-written predicate (the list only shrinks)", () => {
    const remaining = new Set(withPredicates.map(({ file }) => file));
    const converted = [...TO_CONVERT].filter((file) => !remaining.has(file));
    expect(converted, "remove converted files from the list").toEqual([]);
  });
});
