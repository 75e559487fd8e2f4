import { describe, expect, it } from "vitest";

const modules = import.meta.glob(["../modules/**/*.ts", "!../modules/**/*.test.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const schemaFiles = import.meta.glob(["./shard/*.ts", "!./shard/index.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/**
 * Table ownership (docs/architecture.md#tables-and-their-owners): a shard table belongs to the
 * module named like its schema file (src/db/shard/<module>.ts). Importing another module's
 * schema file is refused by the linter (scripts/layering-rules.mjs); this test reads the SQL text and
 * the Drizzle calls, which an import rule cannot see.
 */
const owners = new Map<string, string>(); // table name and Drizzle export -> owning module
for (const [path, text] of Object.entries(schemaFiles)) {
  const owner = (path.split("/").pop() ?? "").replace(/\.ts$/, "");
  for (const m of text.matchAll(/export const (\w+) = sqliteTable\(\s*"(\w+)"/g)) {
    owners.set(m[1], owner);
    owners.set(m[2], owner);
  }
}

/** Tables a read model (`<module>/read-model.ts`) lets other modules read; never write. */
const READ_MODELS: Record<string, string[]> = {
  // data_row_counts: per-tenant totals, read by the operator's shard figures (admin/shards).
  data: ["customers", "accounts", "transactions", "agents", "data_row_counts", "dataRowCounts"],
  events: ["events"],
  aml: ["aml_cases", "amlCases"],
  fraud: ["fraud_cases", "fraudCases", "fraud_case_heads", "fraudCaseHeads"],
};
const readable = new Set(Object.values(READ_MODELS).flat());

const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
const WRITE_SQL = /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|UPDATE|DELETE\s+FROM)\s+(\w+)/g;
const WRITE_DRIZZLE = /\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g;
/** src/db/json-rows.ts: jsonRowsInsert(scope, table, ...) and jsonRowsTemplate(table, ...). */
const WRITE_JSON_ROWS = /\bjsonRows(?:Insert\(\s*\w+\s*,|Template\()\s*(\w+)/g;
const READ_SQL = /\b(?:FROM|JOIN)\s+(\w+)/g;

function touches(file: string, text: string) {
  const module = file.split("/")[0];
  const found: string[] = [];
  const body = stripComments(text);
  const foreign = (name: string) => {
    const owner = owners.get(name);
    return owner !== undefined && owner !== module ? owner : undefined;
  };
  for (const pattern of [WRITE_SQL, WRITE_DRIZZLE, WRITE_JSON_ROWS]) {
    for (const m of body.matchAll(pattern)) {
      const owner = foreign(m[1]);
      if (owner) found.push(`${file} writes ${m[1]} (${owner})`);
    }
  }
  for (const m of body.matchAll(READ_SQL)) {
    const owner = foreign(m[1]);
    if (owner && !readable.has(m[1])) found.push(`${file} reads ${m[1]} (${owner})`);
  }
  return found;
}

describe("table ownership", () => {
  it("knows the tables and their owners", () => {
    expect(owners.get("transactions")).toBe("data");
    expect(owners.get("events")).toBe("events");
    expect(owners.get("bhiRecords")).toBe("bhi");
    expect(touches("bhi/repo.ts", "INSERT INTO events (id) VALUES (1)")).toHaveLength(1);
    expect(touches("ingest/repo.ts", "db.insert(customers).values(row)")).toHaveLength(1);
    expect(touches("bhi/repo.ts", "jsonRowsInsert(scope, events, rows)")).toHaveLength(1);
    expect(touches("bhi/repo.ts", "const rows = jsonRowsTemplate(events);")).toHaveLength(1);
    expect(touches("events/service.ts", "const rows = jsonRowsTemplate(\n  events, {})")).toEqual([]);
    expect(touches("sme/repo.ts", "SELECT 1 FROM bhi_latest l")).toHaveLength(1);
    expect(touches("sme/repo.ts", "SELECT 1 FROM transactions t")).toEqual([]);
  });

  it("no module writes another module's tables, or reads one its owner does not expose", () => {
    const offenders = Object.entries(modules).flatMap(([path, text]) =>
      touches(path.replace(/^\.\.\/modules\//, ""), text),
    );
    expect(offenders, "ask the owning module's service, or read its read-model.ts").toEqual([]);
  });
});
