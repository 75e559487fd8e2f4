import { describe, expect, it } from "vitest";
import { BYTES_PER_ROW, storageCheck, tableUsage, totalBytes } from "./quota";

describe("storage usage", () => {
  it("estimates bytes per table from its rows, every table listed", () => {
    const tables = tableUsage({ customers: 10, transactions: 1_000 });
    expect(tables.map((t) => t.table)).toEqual(["customers", "accounts", "transactions", "agents"]);
    expect(tables.find((t) => t.table === "transactions")).toEqual({
      table: "transactions",
      rows: 1_000,
      estimatedBytes: 1_000 * BYTES_PER_ROW.transactions,
    });
    expect(totalBytes(tables)).toBe(10 * BYTES_PER_ROW.customers + 1_000 * BYTES_PER_ROW.transactions);
  });

  it("lets a write fill the quota exactly and refuses one row more", () => {
    const used = 5 * BYTES_PER_ROW.customers;
    const quota = used + 2 * BYTES_PER_ROW.transactions;
    expect(storageCheck({ customers: 5 }, "transactions", 2, quota).fits).toBe(true);
    expect(storageCheck({ customers: 5 }, "transactions", 3, quota)).toEqual({
      fits: false,
      usedBytes: used,
      addedBytes: 3 * BYTES_PER_ROW.transactions,
    });
  });

  it("always lets through a write that adds no row, even over the quota", () => {
    expect(storageCheck({ transactions: 1_000 }, "transactions", 0, 1).fits).toBe(true);
  });
});
