import { describe, expect, it } from "vitest";
import { buildManifest, FILE_NAME_PATTERN, objectPartName, tablePartName, toNdjson } from "./archive";

describe("export archive", () => {
  it("names parts so the download pattern accepts them and nothing with a path", () => {
    const accepted = new RegExp(FILE_NAME_PATTERN);
    for (const name of [
      tablePartName("fraud_case_events", 12),
      objectPartName(3),
      "manifest.json",
      "control.json",
    ])
      expect(accepted.test(name), name).toBe(true);
    for (const name of ["../x", "a/b.ndjson", ".json", "manifest.json/..", "A.json"])
      expect(accepted.test(name), name).toBe(false);
  });

  it("sums rows per table over its parts and lists objects with their source", () => {
    const meta = (table: string, rows: number) => ({
      kind: "table" as const,
      table,
      rows: String(rows),
      sha256: "h",
    });
    const manifest = buildManifest(
      { tenantId: "t", exportId: "e", createdAt: "c", completedAt: "d" },
      [
        { name: tablePartName("customers", 1), size: 10, meta: meta("customers", 500) },
        { name: tablePartName("customers", 2), size: 5, meta: meta("customers", 3) },
        {
          name: objectPartName(0),
          size: 7,
          meta: { kind: "object", source: "tenants/t/reports/x.pdf", sha256: "o" },
        },
      ],
      ["accounts", "customers"],
    );
    expect(manifest.tables.customers.rows).toBe(503);
    expect(manifest.tables.customers.parts.map((p) => p.file)).toEqual([
      "customers-000001.ndjson",
      "customers-000002.ndjson",
    ]);
    expect(manifest.tables.accounts).toEqual({ rows: 0, parts: [] });
    expect(manifest.objects).toEqual([
      { file: "object-000000", source: "tenants/t/reports/x.pdf", bytes: 7, sha256: "o" },
    ]);
  });

  it("writes one JSON document per line", () => {
    expect(toNdjson([{ a: 1 }, { b: "x\ny" }])).toBe('{"a":1}\n{"b":"x\\ny"}\n');
  });
});
