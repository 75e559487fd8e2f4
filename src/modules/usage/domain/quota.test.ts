import { describe, expect, it } from "vitest";
import {
  BYTES_PER_ROW,
  COUNTED_TABLES,
  describeAddition,
  MEASURED_TABLES,
  OBJECT_KINDS,
  objectKind,
  objectUsage,
  STORAGE_TABLES,
  storageCheck,
  tableUsage,
  totalBytes,
} from "./quota";

describe("storage usage", () => {
  it("estimates bytes per table from its rows, every counted table listed", () => {
    const tables = tableUsage({ customers: 10, transactions: 1_000, fraud_case_events: 7 });
    expect(tables.map((t) => t.table)).toEqual([...STORAGE_TABLES, ...MEASURED_TABLES]);
    expect(tables.find((t) => t.table === "transactions")).toEqual({
      table: "transactions",
      rows: 1_000,
      estimatedBytes: 1_000 * BYTES_PER_ROW.transactions,
    });
    expect(totalBytes(tables)).toBe(
      10 * BYTES_PER_ROW.customers + 1_000 * BYTES_PER_ROW.transactions + 7 * BYTES_PER_ROW.fraud_case_events,
    );
  });

  it("adds the objects' exact bytes to the tables' estimate", () => {
    const objects = objectUsage({
      reports: { objects: 2, bytes: 5_000 },
      exports: { objects: 1, bytes: 70 },
    });
    expect(objects.map((o) => o.kind)).toEqual([...OBJECT_KINDS]);
    expect(totalBytes(tableUsage({ loans: 3 }), objects)).toBe(3 * BYTES_PER_ROW.loans + 5_070);
  });

  it("knows every counted table's bytes per row", () => {
    for (const table of COUNTED_TABLES) expect(BYTES_PER_ROW[table], table).toBeGreaterThan(0);
  });

  it("lets a write fill the quota exactly and refuses one row or byte more", () => {
    const used = 5 * BYTES_PER_ROW.customers;
    const quota = used + 2 * BYTES_PER_ROW.loans;
    expect(storageCheck(used, { table: "loans", rows: 2 }, quota).fits).toBe(true);
    expect(storageCheck(used, { table: "loans", rows: 3 }, quota)).toEqual({
      fits: false,
      usedBytes: used,
      addedBytes: 3 * BYTES_PER_ROW.loans,
    });
    expect(storageCheck(used, { objectBytes: quota - used }, quota).fits).toBe(true);
    expect(storageCheck(used, { objectBytes: quota - used + 1 }, quota).fits).toBe(false);
  });

  it("always lets through a write that adds nothing, even over the quota", () => {
    expect(storageCheck(10_000, { table: "transactions", rows: 0 }, 1).fits).toBe(true);
    expect(storageCheck(10_000, { tables: { loans: 0, loan_repayments: 0 } }, 1).fits).toBe(true);
  });

  it("adds up a write's rows over several tables (a loan with its schedule)", () => {
    const added = { tables: { loans: 1, loan_installments: 12, loan_repayments: 2 } };
    const bytes =
      BYTES_PER_ROW.loans + 12 * BYTES_PER_ROW.loan_installments + 2 * BYTES_PER_ROW.loan_repayments;
    expect(storageCheck(1_000, added, 1_000 + bytes)).toEqual({
      fits: true,
      usedBytes: 1_000,
      addedBytes: bytes,
    });
    expect(storageCheck(1_001, added, 1_000 + bytes).fits).toBe(false);
    expect(describeAddition(added)).toBe("1 new loans, 12 new loan_installments, 2 new loan_repayments");
    expect(describeAddition({ table: "customers", rows: 3 })).toBe("3 new customers");
    expect(describeAddition({ objectBytes: 9 })).toBe("a 9-byte file");
  });

  it("sorts a tenant's object keys by kind, and refuses keys outside its prefix", () => {
    const t = "11111111-1111-4111-8111-111111111111";
    expect(objectKind(t, `tenants/${t}/reports/bhi/c/r-v1.pdf`)).toBe("reports");
    expect(objectKind(t, `tenants/${t}/case-files/fraud/c/f`)).toBe("case_files");
    expect(objectKind(t, `tenants/${t}/aml/backtests/b.json`)).toBe("backtests");
    expect(objectKind(t, `tenants/${t}/rules/backtests/b.json`)).toBe("backtests");
    expect(objectKind(t, `tenants/${t}/agent-health/float-backtests/b.json`)).toBe("backtests");
    expect(objectKind(t, `tenants/${t}/goaml/str/r.xml`)).toBe("goaml");
    expect(objectKind(t, `tenants/${t}/exports/e/manifest.json`)).toBe("exports");
    expect(objectKind(t, `tenants/${t}/imports/core_banking/x.csv`)).toBe("other");
    expect(objectKind(t, "tenants/22222222-2222-4222-8222-222222222222/reports/x")).toBeUndefined();
  });
});
