import { describe, expect, it } from "vitest";
import { exportFileSpec, loadOrder } from "./files";

describe("export file names", () => {
  it("name the resource and the format", () => {
    expect(exportFileSpec("customers.csv")).toEqual({ resource: "customers", format: "csv" });
    expect(exportFileSpec("transactions-2026-01-31.ndjson")).toEqual({
      resource: "transactions",
      format: "ndjson",
    });
    expect(exportFileSpec("Agents_batch1.JSONL")).toEqual({ resource: "agents", format: "ndjson" });
    expect(exportFileSpec("loans.csv")).toBeNull();
    expect(exportFileSpec("customers.xlsx")).toBeNull();
    expect(exportFileSpec("old/customers.csv")).toBeNull();
  });

  it("load customers, agents, accounts, then transactions, each by name", () => {
    const files = [
      { resource: "transactions", key: "t-2" },
      { resource: "accounts", key: "a" },
      { resource: "transactions", key: "t-1" },
      { resource: "agents", key: "g" },
      { resource: "customers", key: "c" },
    ];
    expect(files.sort(loadOrder).map((f) => f.key)).toEqual(["c", "g", "a", "t-1", "t-2"]);
  });
});
