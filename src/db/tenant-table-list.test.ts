import { describe, expect, it } from "vitest";
import {
  DELETE_ORDER,
  mirroredTenantTables,
  SHARD_LOCAL_TENANT_TABLES,
  TENANT_TABLES,
  tenantTables,
} from "./tenant-table-list";

describe("tenant table list", () => {
  const tables = tenantTables();
  const position = (name: string) => tables.findIndex((t) => t.name === name);

  it("is the Drizzle mirrors with a tenant_id column: every listed table has one, every such mirror is listed", () => {
    const listed: string[] = [...TENANT_TABLES, ...SHARD_LOCAL_TENANT_TABLES];
    expect([...mirroredTenantTables.keys()].sort()).toEqual([...listed].sort());
  });

  it("deletes every tenant table once: children before parents, counters after the tables counted, the search tag last", () => {
    for (const t of tables) expect(t.key.length, t.name).toBeGreaterThan(0);
    expect([...DELETE_ORDER].sort()).toEqual([...TENANT_TABLES].sort());
    expect(position("accounts")).toBeLessThan(position("customers"));
    expect(position("fraud_case_events")).toBeLessThan(position("fraud_cases"));
    expect(position("aml_case_history")).toBeLessThan(position("aml_cases"));
    for (const counted of ["customers", "accounts", "agents", "transactions"])
      expect(position("data_row_counts")).toBeGreaterThan(position(counted));
    expect(tables.at(-1)?.name).toBe("customer_search_tenants");
    expect(tables.map((t) => t.name)).not.toContain("maintenance_permits");
  });

  it("copies counters after the tables whose insert triggers count into them", () => {
    const copied = (name: string) => TENANT_TABLES.indexOf(name as never);
    for (const counted of ["customers", "accounts", "agents", "transactions"])
      expect(copied("data_row_counts")).toBeGreaterThan(copied(counted));
  });
});
