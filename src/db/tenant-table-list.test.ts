import { describe, expect, it } from "vitest";
import { tenantTables } from "./tenant-table-list";

describe("tenant table list", () => {
  const tables = tenantTables();
  const position = (name: string) => tables.findIndex((t) => t.name === name);

  it("gives every table a key and deletes children before parents, counters last", () => {
    for (const t of tables) expect(t.key.length, t.name).toBeGreaterThan(0);
    expect(position("accounts")).toBeLessThan(position("customers"));
    expect(position("fraud_case_events")).toBeLessThan(position("fraud_cases"));
    expect(position("aml_case_history")).toBeLessThan(position("aml_cases"));
    expect(position("data_row_counts")).toBeGreaterThan(position("customers"));
    expect(tables.map((t) => t.name)).not.toContain("maintenance_permits");
  });

  it("scrubs prose, never identity or chain fields", () => {
    const customers = tables.find((t) => t.name === "customers");
    expect(customers?.textColumns).toEqual(
      expect.arrayContaining(["name", "email", "phone", "business_info"]),
    );
    const events = tables.find((t) => t.name === "fraud_case_events");
    expect(events?.textColumns).toContain("note_content");
    expect(events?.textColumns).not.toContain("hash");
    expect(events?.textColumns).not.toContain("case_id");
  });
});
