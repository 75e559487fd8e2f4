import { describe, expect, it } from "vitest";

const sources = import.meta.glob(["../../**/*.ts", "!../../**/*.test.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/**
 * Issue 35: an audit row is written chained or not at all. The database refuses a row without its
 * hash or out of its place (migrations shard/0058, control/0018); in the code, only the audit
 * repository builds the insert, and only the chain writer calls it (chain/steps/writer.ts), so every
 * entry of every module goes through `operatorAuditInsert` / `tenantAuditInsert`.
 */
const insertInto = /insert\(\s*(auditLog|tenantAuditLog)\b|INSERT\s+INTO\s+(tenant_)?audit_log\b/i;
const insertCall = /\b(repo\.)?(insertEntry|insertTenantEntry)\(/;

describe("one insert path into the audit logs", () => {
  it("only the audit repository inserts audit rows", () => {
    const writers = Object.entries(sources)
      .filter(([, text]) => insertInto.test(text))
      .map(([path]) => path);
    expect(writers).toEqual(["./repo.ts"]);
  });

  it("only the chain writer calls the repository's inserts", () => {
    const callers = Object.entries(sources)
      .filter(([path, text]) => path !== "./repo.ts" && insertCall.test(text))
      .map(([path]) => path);
    expect(callers).toEqual(["./chain/steps/writer.ts"]);
  });
});
