import { env } from "cloudflare:workers";
import type { SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { systemShardBinding } from "../../src/db/system-db";
import { openCasesOf } from "../../src/modules/aml/cases/batch/repo";
import { entityEdgesRead, entityRowsRead } from "../../src/modules/aml/features/entity-rows/repo";
import type { ProposedTransactionRow } from "../../src/modules/data/read-model";
import { mergeThresholds } from "../../src/modules/detection/domain/aml/thresholds";
import { openCaseIds } from "../../src/modules/fraud/cases/batch/repo";
import { entityStarts } from "../../src/modules/fraud/evaluation/repo";
import { claimDeferredCases, deferralReads } from "../../src/modules/monitoring/screening/repo";
import { planOf, recording, scoped } from "./plans";

/**
 * A screening page's statements and the AML case log's triggers must seek the tenant's rows by
 * key, never walk the tenant's (or the shard's) cases, heads, customers or history: at full size
 * these four grew with the tenant and took 64% of screening's D1 time
 * (docs/performance.md#monitoring-on-arrival-at-full-size). Local D1 has no statistics, so an
 * empty shard shows the plan a big tenant gets. Each assertion fails on the code before the fix.
 */
/** The plans of a stored trigger's lookups (its text as the shard holds it, NEW/OLD bound). */
async function triggerLookupPlans(shard: number, trigger: string, lookup: RegExp) {
  const d1 = systemShardBinding(env, shard);
  const row = await d1
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?")
    .bind(trigger)
    .first<{ sql: string }>();
  const lookups = row?.sql.match(lookup) ?? [];
  const plans: Array<{ query: string; plan: string[] }> = [];
  for (const text of lookups) {
    const query = text.replace(/(NEW|OLD)\.\w+/g, "?");
    const params = Array((query.match(/\?/g) ?? []).length).fill("x");
    const { results } = await d1
      .prepare(`EXPLAIN QUERY PLAN ${query}`)
      .bind(...params)
      .all<{ detail: string }>();
    plans.push({ query, plan: results.map((r) => r.detail) });
  }
  return plans;
}

describe("screening's per-page statements and the AML case log's triggers (query plans)", () => {
  it("the AML chain check seeks the case's head on (tenant_id, case_id), never the shard's history", async () => {
    const { shard } = await scoped();
    const chain = await triggerLookupPlans(
      shard,
      "aml_case_history_chain",
      /SELECT (?:max\(sequence\)|hash) FROM aml_case_history WHERE [^)]*/g,
    );
    expect(chain).toHaveLength(2);
    for (const { query, plan } of chain) {
      expect(query).toContain("tenant_id = ?");
      expect(plan[0]).toMatch(
        /^SEARCH aml_case_history USING (COVERING )?INDEX aml_case_history_seq_uq \(tenant_id=\? AND case_id=\?\)$/,
      );
      expect(plan.some((d) => d.startsWith("SCAN ") || d.includes("TEMP B-TREE"))).toBe(false);
    }
    // The projection's guard looks the entry up by its full key.
    const projection = await triggerLookupPlans(
      shard,
      "aml_cases_projection_only",
      /SELECT 1 FROM aml_case_history h\s+WHERE [^)]*/g,
    );
    expect(projection).toHaveLength(1);
    expect(projection[0]?.plan[0]).toMatch(
      /^SEARCH h USING INDEX aml_case_history_seq_uq \(tenant_id=\? AND case_id=\? AND sequence=\?\)$/,
    );
  });

  it("the chain check refuses an entry whose tenant is not its case's, and accepts the case's own", async () => {
    const { shard, scope } = await scoped();
    const d1 = systemShardBinding(env, shard);
    const at = "2026-01-01T00:00:00Z";
    const caseId = `case-${crypto.randomUUID()}`;
    await d1
      .prepare(`INSERT INTO aml_cases (id, tenant_id, rule_id, rule_name, case_type, entity_type, entity_id,
          risk_level, status, evidence, explanation, correlation_id, window_days, window_start, window_end,
          created_at, last_event_at, event_count)
        VALUES (?, ?, 'AML-T', 'Test', 'str', 'customer', 'c1', 'high', 'open', '[]', 'x', 'r', 30, ?, ?, ?, ?, 0)`)
      .bind(caseId, scope.tenantId, at, at, at, at)
      .run();
    const entry = (tenant: string) =>
      d1
        .prepare(`INSERT INTO aml_case_history (id, tenant_id, case_id, sequence, event_type, from_status,
            to_status, actor_type, actor_id, created_at, previous_hash, hash)
          VALUES (?, ?, ?, 1, 'created', NULL, 'open', 'system', 'test', ?, ?, ?)`)
        .bind(crypto.randomUUID(), tenant, caseId, at, "0".repeat(64), crypto.randomUUID())
        .run();
    // Another tenant's entry would start a chain of its own on this case (its scoped lookups
    // see no head): refused before the case's own first entry, and after it.
    await expect(entry("another-tenant")).rejects.toThrow(/does not follow the head of its chain/);
    await entry(scope.tenantId);
    await expect(entry("another-tenant")).rejects.toThrow(/does not follow the head of its chain/);
    const count = await d1
      .prepare("SELECT count(*) AS n FROM aml_case_history WHERE case_id = ?")
      .bind(caseId)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("a page's open AML cases use the open-case partial index", async () => {
    const { shard, scope } = await scoped();
    const { scope: rec, statements } = recording(scope);
    await openCasesOf(rec, [["customer", "c1", "AML-BIZ-011"]]);
    const plan = await planOf(shard, statements[0] as SQL);
    expect(plan[0]).toBe(
      "SEARCH c USING INDEX aml_cases_open_uq (tenant_id=? AND rule_id=? AND entity_type=? AND entity_id=?)",
    );
  });

  it("a page's open fraud cases seek each entity's heads, not the tenant's heads in date order", async () => {
    const { shard, scope } = await scoped();
    const { scope: rec, statements } = recording(scope);
    await openCaseIds(rec, [["customer", "c1"]]);
    const plan = await planOf(shard, statements[0] as SQL);
    expect(plan[0]).toBe(
      "SEARCH h USING INDEX fraud_case_heads_entity_idx (tenant_id=? AND entity_type=? AND entity_id=?)",
    );
    expect(plan.some((d) => d.includes("fraud_case_heads_list_idx"))).toBe(false);
  });

  it("a page's customer starts look each customer up by id, not the tenant's customers walked", async () => {
    const { shard, scope } = await scoped();
    const { scope: rec, statements } = recording(scope);
    await entityStarts(rec, { customer: ["c1", "c2"], account: [], agent: [] });
    const plan = await planOf(shard, statements[0] as SQL);
    expect(
      plan.some((d) => /^SEARCH c USING (COVERING )?INDEX sqlite_autoindex_customers_\d \(id=\?\)$/.test(d)),
    ).toBe(true);
    expect(plan.some((d) => d.endsWith("(tenant_id=?)"))).toBe(false);
  });

  it("deferral's claim and read look a subject's pending rows up by key, never walk the pending queue or the deferred rows per subject", async () => {
    const { shard, scope } = await scoped();
    const claim = claimDeferredCases(scope, { token: "k", now: "2026-11-01", until: "2026-11-02" });
    const { scope: rec, statements } = recording(scope);
    await deferralReads(rec, {
      accountIds: ["a-1"],
      touching: [{ entityType: "account", entityId: "a-1" }],
      except: "[]",
    });
    for (const plan of [await planOf(shard, claim), await planOf(shard, statements[1] as SQL)]) {
      const text = plan.join("\n");
      // The subject's accounts by the customer index, each one's pending row by its key.
      expect(text).toMatch(
        /SEARCH a USING (COVERING )?INDEX accounts_customer_idx \(tenant_id=\? AND customer_id=\?\)/,
      );
      expect(plan.filter((d) => /^SEARCH p /.test(d)).length, text).toBeGreaterThan(0);
      for (const d of plan.filter((x) => /^(SEARCH|SCAN) p /.test(x)))
        expect(d, text).toMatch(/USING PRIMARY KEY \(tenant_id=\? AND entity_type=\? AND entity_id=\?\)$/);
    }
    // The hits' accounts' owners: each account by its key, not the tenant's accounts walked.
    const owners = await planOf(shard, statements[0] as SQL);
    expect(owners.join("\n")).toMatch(/SEARCH a USING INDEX sqlite_autoindex_accounts_1 \(id=\?\)/);
    expect(
      owners.some((d) => d.endsWith("(tenant_id=?)")),
      owners.join("\n"),
    ).toBe(false);
    // The deferred subjects read once as a list, not once per subject (no index on subject_id).
    const read = await planOf(shard, statements[1] as SQL);
    expect(read.filter((d) => d.includes(" d USING ")).length, read.join("\n")).toBe(1);
    expect(read.join("\n")).toMatch(/LIST SUBQUERY/);
  });

  const proposedRow: ProposedTransactionRow = {
    tenant_id: "t-1",
    id: "proposed:1",
    customer_id: "e-1",
    account_id: "e-1",
    agent_id: null,
    type: "credit",
    category: null,
    amount_minor: 100,
    description: null,
    status: "completed",
    transaction_date: "2026-10-31T00:00:00.000Z",
    merchant_name: null,
    channel: "cash",
    counterparty_name: null,
    counterparty_account: null,
    counterparty_country: null,
  };

  it("AML rows of one entity (screening, evaluate) or a page (monitoring) seek the entity's transactions by key, never the tenant's by date", async () => {
    const { shard, scope } = await scoped();
    for (const [entityType, index] of [
      ["customer", /transactions_(flow|customer)_idx \(tenant_id=\? AND customer_id=\? AND transaction_date/],
      ["account", /transactions_account_idx \(tenant_id=\? AND account_id=\? AND transaction_date/],
    ] as const) {
      // Screening reads one entity with its proposed row; evaluate one without; a page many.
      for (const [ids, proposed] of [
        [{ entityId: "e-1" }, proposedRow],
        [{ entityId: "e-1" }, null],
        [{ entityIds: ["e-1", "e-2"] }, null],
      ] as const) {
        const { scope: rec, statements } = recording(scope);
        entityRowsRead(rec, {
          entityType,
          ...ids,
          windowStart: "2026-10-01T00:00:00.000Z",
          windowEnd: "2026-11-01T00:00:00.000Z",
          thresholds: mergeThresholds(),
          highRiskCountries: [],
          homeCountry: "GH",
          proposed,
        });
        const plan = await planOf(shard, statements[0] as SQL);
        const transactionReads = plan.filter((d) => /^(SEARCH|SCAN) (t|transactions)\b/.test(d));
        // A read of the proposed row alone, or an index SQLite builds on the fly, is no walk.
        const walks = transactionReads.filter((d) => !/VIRTUAL TABLE|^SCAN t$/.test(d));
        // The window's rows, the row before it (and an account's customer for its declared business).
        expect(walks.length, plan.join("\n")).toBeGreaterThanOrEqual(2);
        for (const d of walks) expect(d, plan.join("\n")).toMatch(index);
      }
      // Screening's edges read (AML's rows given by fraud's read): the row before the window and
      // the window rows' customer, by the entity's key too.
      const { scope: rec, statements } = recording(scope);
      entityEdgesRead(
        rec,
        {
          entityType,
          entityId: "e-1",
          windowStart: "2026-10-01T00:00:00.000Z",
          windowEnd: "2026-11-01T00:00:00.000Z",
        },
        "e-1",
      );
      const plan = await planOf(shard, statements[0] as SQL);
      const walks = plan.filter((d) => /^(SEARCH|SCAN) (t|transactions)\b/.test(d));
      expect(walks.length, plan.join("\n")).toBe(2);
      for (const d of walks) expect(d, plan.join("\n")).toMatch(index);
    }
  });
});
