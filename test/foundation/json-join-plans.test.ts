import { env } from "cloudflare:workers";
import type { SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../src/db/shard/data";
import { loans } from "../../src/db/shard/lending";
import { inJsonList } from "../../src/db/sql";
import { systemShardBinding } from "../../src/db/system-db";
import { headsOf } from "../../src/modules/aml/cases/append/repo";
import { type CaseItem, openCasesStatements } from "../../src/modules/aml/cases/batch/repo";
import { writeFlowStatements } from "../../src/modules/data/flows/repo";
import { mentionLookupQuery } from "../../src/modules/data/repo";
import { findLinkTargets } from "../../src/modules/data/upsert/repo";
import { MARK_DISPATCHED_SQL } from "../../src/modules/events/system-repo";
import { entityStarts } from "../../src/modules/fraud/evaluation/repo";
import { existingCustomerIds } from "../../src/modules/insights/repo";
import { updateLoanDerived, updateLoanState } from "../../src/modules/lending/repo";
import { addedHistoryRows } from "../../src/modules/lists/entries/repo";
import {
  alertsOfCases,
  alertsOfCasesQuery,
  alertsStatements,
  type NewAlert,
} from "../../src/modules/monitoring/screening/repo";
import { counterpartyTransactionsQuery } from "../../src/modules/monitoring/screening/steps/counterparty-sanctions";
import { FAN_OUT_SQL } from "../../src/modules/webhooks/outbox/system-repo";
import { planOf, recording, scoped } from "./plans";

/**
 * Statements joining a JSON list (json_each) to a big tenant table must read the list and look
 * each key up, never walk the tenant's rows and scan the list for each: that made an ingest
 * page's flow write grow with the tenant (1,000 pairs over 56,000 transactions: 105 s in npm
 * start's seed). Local D1 has no statistics (no ANALYZE), so the plan does not depend on the row
 * count: an empty shard shows the plan a big tenant gets. Each fails without likelyTenantSql.
 */
/** The list is the outer loop; the table (shown by its alias) is searched by its primary key. */
function expectKeyLookups(plan: string[], list: string, table: string, alias = table) {
  expect(plan[0]).toMatch(new RegExp(`^SCAN ${list} VIRTUAL TABLE`));
  expect(plan).toContain(`SEARCH ${alias} USING INDEX sqlite_autoindex_${table}_1 (id=?)`);
  expect(plan.some((d) => d.includes("(tenant_id=?)"))).toBe(false);
}

describe("statements joining a JSON list to a tenant table (query plans through the D1 binding)", () => {
  it("a drained page's counterparty transactions look each counterparty up by its index", async () => {
    const { shard, scope } = await scoped();
    const plan = await planOf(
      shard,
      counterpartyTransactionsQuery(scope, [
        { entityType: "counterparty", entityId: "GH-0012", eventsFrom: "2026-11-01", eventsTo: "2026-11-02" },
        { entityType: "counterparty", entityId: "Tema Shell Traders" },
      ]),
    );
    expect(plan[0]).toMatch(/^SCAN e VIRTUAL TABLE/);
    expect(plan.some((d) => d.startsWith("SEARCH t USING INDEX transactions_counterparty_idx"))).toBe(true);
  });

  it("a text's mention candidates are probes into the folded e-mail, name and phone indexes", async () => {
    const { shard, scope } = await scoped();
    for (const [by, index] of [
      ["email", "customers_email_folded_idx"],
      ["name", "customers_name_folded_idx"],
      ["phone", "customers_phone_tail_idx"],
    ] as const) {
      const plan = await planOf(shard, mentionLookupQuery(scope, by, ["kwame mensah", "248706383"], "c-1"));
      expect(plan).toContain(`SEARCH customers USING INDEX ${index} (tenant_id=? AND <expr>=?)`);
    }
  });

  it("writing flows looks each transaction up by id", async () => {
    const { shard, scope } = await scoped();
    const [statement] = writeFlowStatements(scope, [
      ["tx-1", "revenue"],
      ["tx-2", "revenue"],
    ]);
    expectKeyLookups(await planOf(shard, statement), "j", "transactions");
  });

  it("the head anchors of opened AML cases look each case up by id", async () => {
    const { shard, scope } = await scoped();
    const anchor = { anchor: "a", keyId: "k" };
    const opened = openCasesStatements(scope, [
      { row: { id: "c1" }, created: { id: "h1", caseId: "c1" }, anchor } as unknown as CaseItem,
    ]).at(-1)!;
    expectKeyLookups(await planOf(shard, opened), "a", "aml_cases");
  });

  it("updating loans' derived columns and state looks each loan up by id", async () => {
    const { shard, scope } = await scoped();
    const rows = [{ id: "l1", stateBucket: "current" }];
    const [derived] = updateLoanDerived(scope, rows, "2026-01-01T00:00:00Z");
    expectKeyLookups(await planOf(shard, derived), "j", "loans");
    const [state] = updateLoanState(scope, rows, "2026-01-01");
    expectKeyLookups(await planOf(shard, state), "j", "loans");
  });

  it("the history of added list entries looks each entry up by id", async () => {
    const { shard, scope } = await scoped();
    const meta = { actorType: "api_key", actorId: "k", requestId: "r", at: "2026-01-01T00:00:00Z" };
    const rows = JSON.stringify([{ id: "e1", historyId: "h1" }]);
    expectKeyLookups(
      await planOf(shard, addedHistoryRows(scope, "list-1", rows, meta)),
      "j",
      "list_entries",
      "added",
    );
  });

  it("the outbox's fan-out and dispatch mark look each event up by id (system statements)", async () => {
    const { shard, scope } = await scoped();
    const d1 = systemShardBinding(env, shard);
    const statements = [
      [FAN_OUT_SQL, "e"],
      [MARK_DISPATCHED_SQL, "events"],
    ] as const;
    for (const [text, alias] of statements) {
      const { results } = await d1
        .prepare(`EXPLAIN QUERY PLAN ${text}`)
        .bind(scope.tenantId, JSON.stringify(["ev-1"]), "2026-01-01T00:00:00Z")
        .all<{ detail: string }>();
      const plan = results.map((r) => r.detail);
      expect(plan).toContain(`SEARCH ${alias} USING INDEX sqlite_autoindex_events_1 (id=?)`);
      expect(plan.some((d) => d.startsWith(`SEARCH ${alias} `) && d.includes("(tenant_id=?"))).toBe(false);
    }
  });

  it("reads by a list of ids look each row up by id: AML case heads, ingest's link targets", async () => {
    const { shard, scope } = await scoped();
    const { scope: rec, statements } = recording(scope);
    await headsOf(rec, ["c1", "c2"]);
    await findLinkTargets(rec, "accounts", ["a1", "a2"], []);
    expect(statements).toHaveLength(2);
    const [heads, accounts] = await Promise.all(statements.map((q) => planOf(shard, q)));
    expect(heads).toContain("SEARCH c USING INDEX sqlite_autoindex_aml_cases_1 (id=?)");
    expect(
      accounts.some((d) => /^SEARCH t USING (COVERING )?INDEX sqlite_autoindex_accounts_1 \(id=\?\)/.test(d)),
    ).toBe(true);
    for (const plan of [heads, accounts])
      expect(plan.some((d) => /^SEARCH [ect] .*\(tenant_id=\?\)$/.test(d))).toBe(false);
  });

  it("the scoped builder hints the tenant term beside a list of the table's ids, and only there", async () => {
    const { shard, scope } = await scoped();
    const byIds = scope.db
      .select()
      .from(loans, inJsonList(loans.id, ["l1", "l2"]))
      .getSQL();
    const byCustomers = scope.db
      .select()
      .from(accounts, inJsonList(accounts.customerId, ["c1", "c2"]))
      .getSQL();
    const loanPlan = await planOf(shard, byIds);
    expect(loanPlan).toContain("SEARCH loans USING INDEX sqlite_autoindex_loans_1 (id=?)");
    expect(loanPlan.some((d) => d.includes("(tenant_id=?)"))).toBe(false);
    // A list of another column keeps the tenant index (hinted, SQLite would scan the table).
    const accountPlan = await planOf(shard, byCustomers);
    expect(
      accountPlan.some((d) => /^SEARCH accounts USING .*\(tenant_id=\? AND customer_id=\?\)/.test(d)),
    ).toBe(true);
    const { scope: rec, statements } = recording(scope);
    await existingCustomerIds(rec, ["c1", "c2"]);
    // A screening page's entity starts: accounts by id looked up by key (the hint), not walked.
    await entityStarts(rec, { customer: [], account: ["a1", "a2"], agent: [] });
    const startsPlan = await planOf(shard, statements[1] as SQL);
    expect(
      startsPlan.some((d) => /^SEARCH a USING .*INDEX sqlite_autoindex_accounts_1 \(id=\?\)/.test(d)),
    ).toBe(true);
    expect(startsPlan.some((d) => d.endsWith("(tenant_id=?)"))).toBe(false);
    // customers has a unique (tenant_id, id) index: either key lookup will do, a tenant walk not.
    const customerPlan = await planOf(shard, statements[0] as SQL);
    expect(customerPlan.some((d) => /^SEARCH customers USING .*\bid=\?\)$/.test(d))).toBe(true);
    expect(customerPlan.some((d) => d.endsWith("(tenant_id=?)"))).toBe(false);
  });

  it("the alerts naming a case are looked up in the case index, each alert by id", async () => {
    const { shard, scope } = await scoped();
    const plan = await planOf(shard, alertsOfCasesQuery(scope, ["case-1", "case-2"]));
    expect(plan[0]).toMatch(/^SCAN k VIRTUAL TABLE/);
    expect(plan).toContain(
      "SEARCH ac USING COVERING INDEX sqlite_autoindex_monitoring_alert_cases_1 (tenant_id=? AND case_id=?)",
    );
    expect(plan).toContain("SEARCH a USING INDEX sqlite_autoindex_monitoring_alerts_1 (id=?)");
    // What it answers: the alerts (and only this tenant's) whose case lists name the case.
    const other = await scoped();
    const alert = (id: string, cases: string[], detail = {}): NewAlert => ({
      id,
      kind: "aml",
      trigger: "arrival",
      entityType: "customer",
      entityId: "c-1",
      severity: "medium",
      score: null,
      ruleIds: ["AML-STR-001"],
      ruleSetVersion: 1,
      ruleSetHash: "h",
      screeningId: "s",
      runId: null,
      cases: cases.map((caseId) => ({ caseId, kind: "aml", action: "appended" })),
      detail,
      createdAt: "2026-12-06T10:00:00.000Z",
    });
    const [a1, a2, a3, a4] = [1, 2, 3, 4].map(() => crypto.randomUUID()) as [string, string, string, string];
    await scope.db.batch(
      alertsStatements(scope, [
        alert(a1, ["case-1", "case-2"]),
        alert(a2, ["case-2"], { opensCase: false }),
        alert(a3, []),
      ]) as never,
    );
    await other.scope.db.batch(alertsStatements(other.scope, [alert(a4, ["case-1"])]) as never);
    const found = await alertsOfCases(scope, ["case-1", "case-2", "case-1"]);
    const key = (r: { caseId: string; alertId: string }) => `${r.caseId} ${r.alertId}`;
    expect(found.map(key).sort()).toEqual([`case-1 ${a1}`, `case-2 ${a1}`, `case-2 ${a2}`].sort());
    expect(found.find((r) => r.alertId === a2)).toMatchObject({ status: "open", opensCase: false });
  });
});
