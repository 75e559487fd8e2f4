import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { PERSONAL_COLUMNS } from "./personal-columns";
import * as shardSchema from "./shard";
import { TENANT_TABLES } from "./tenant-table-list";

const columnsOf = new Map(
  (Object.values(shardSchema) as unknown[])
    .filter((value): value is SQLiteTable => is(value, SQLiteTable))
    .map((t) => {
      const config = getTableConfig(t);
      return [config.name, config.columns] as const;
    }),
);

describe("the personal columns", () => {
  it("name tenant tables and text columns of the Drizzle schema", () => {
    for (const p of PERSONAL_COLUMNS) {
      expect(TENANT_TABLES).toContain(p.table);
      const columns = columnsOf.get(p.table);
      expect(columns, p.table).toBeDefined();
      const byName = new Map(columns?.map((c) => [c.name, c]));
      for (const c of p.columns) expect(byName.get(c)?.getSQLType(), `${p.table}.${c}`).toBe("text");
      for (const rows of p.rows) {
        const named = "where" in rows ? rows.uses : [`${p.table}.${Object.values(rows)[0]}`];
        for (const ref of named) {
          const [table, column] = ref.split(".");
          expect(
            columnsOf.get(table)?.some((c) => c.name === column),
            ref,
          ).toBe(true);
        }
      }
      expect(p.rows.length).toBeGreaterThan(0);
    }
  });

  it("never declare a chained log, the audit log, rule sets or goAML's filed reports", () => {
    const kept = /^(fraud_case|aml_case|tenant_audit_log|rule_set|goaml_)/;
    expect(PERSONAL_COLUMNS.filter((p) => kept.test(p.table))).toEqual([]);
  });
});
