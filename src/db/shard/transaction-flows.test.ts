import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NON_REVENUE_CREDIT_FLOWS as DOMAIN_LIST } from "../../modules/data/domain/flows";
import { NON_REVENUE_CREDIT_FLOWS } from "./transaction-flows";

describe("non-revenue credit flows", () => {
  it("are the same list in SQL, in the domain and in migration 0036's flow_kind", () => {
    expect([...NON_REVENUE_CREDIT_FLOWS].sort()).toEqual([...DOMAIN_LIST].sort());
    const migration = readFileSync("migrations/shard/0036_transaction_flows.sql", "utf8");
    const inList = NON_REVENUE_CREDIT_FLOWS.map((f) => `'${f}'`).join(", ");
    expect(migration).toContain(`flow IN (${inList}) THEN 5`);
  });
});
