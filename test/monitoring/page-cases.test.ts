import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { openCasesStatements } from "../../src/modules/fraud/cases/batch/repo";
import { openCasesUnlessOpen } from "../../src/modules/fraud/service";
import { screenEntity } from "../../src/modules/monitoring/screening/service";
import { drainPending } from "../../src/modules/monitoring/service";
import { ago, customerWith } from "../aml/helpers";
import { call, json, shardRows, type TestTenant } from "../harness";
import { quietTenant } from "./helpers";

/**
 * Case opening per page (docs/methodology/monitoring.md#case-opening-per-page): the set-based
 * path must open exactly the cases one-by-one opening opens, with chains and anchors that verify.
 */

/** Customer i: a large cash deposit (AML and fraud fire), plus i small credits so pages differ. */
const activity = (i: number) => [
  { amountMinor: 6_000_000, transactionDate: ago(2), channel: "cash", type: "credit" as const },
  ...Array.from({ length: i % 4 }, (_, k) => ({
    amountMinor: 20_000 + 1_000 * k,
    transactionDate: ago(k + 3),
    channel: "mobile_money",
  })),
];

interface AmlCaseView {
  caseId: string;
  ruleId: string;
  caseType: string;
  riskLevel: string;
  status: string;
  evidence: unknown;
  explanation: string;
  ruleSet: unknown;
  chainValid: boolean;
  anchorValid: boolean | null;
  history: Array<{ sequence: number; eventType: string; actorId: string; toStatus: string }>;
}

/** Every case of the tenant's customers and accounts, keyed by entity position (not id), comparable across tenants. */
async function casesOf(t: TestTenant, entities: Array<{ customerId: string; accountId: string }>) {
  const out: Record<string, unknown> = {};
  for (const [i, e] of entities.entries()) {
    for (const [type, id] of [
      ["customer", e.customerId],
      ["account", e.accountId],
    ]) {
      const aml = await json<{ data: Array<{ id: string }> }>(
        await call("GET", `/v1/kyc-aml/cases?entityType=${type}&entityId=${id}&limit=100`, { key: t.key }),
      );
      const amlViews = [];
      for (const c of aml.data) {
        const view = (
          await json<{ case: AmlCaseView }>(await call("GET", `/v1/kyc-aml/cases/${c.id}`, { key: t.key }))
        ).case;
        expect(view.chainValid, `AML case ${c.id}`).toBe(true);
        expect(view.anchorValid, `AML case ${c.id}`).toBe(true);
        amlViews.push({
          ruleId: view.ruleId,
          caseType: view.caseType,
          riskLevel: view.riskLevel,
          status: view.status,
          evidence: view.evidence,
          explanation: view.explanation,
          ruleSet: view.ruleSet,
          history: view.history.map((h) => [h.sequence, h.eventType, h.actorId, h.toStatus]),
        });
      }
      const fraud = await json<{ data: Array<{ id: string }> }>(
        await call("GET", `/v1/fraud/cases?entityType=${type}&entityId=${id}&limit=100`, { key: t.key }),
      );
      const fraudViews = [];
      for (const c of fraud.data) {
        const verified = await json<{ valid: boolean; anchorValid: boolean | null }>(
          await call("GET", `/v1/fraud/cases/${c.id}/verify`, { key: t.key }),
        );
        expect(verified, `fraud case ${c.id}`).toMatchObject({
          valid: true,
          anchorValid: true,
        });
        const { case: view } = await json<{
          case: {
            severity: string;
            overallScore: number;
            currentStatus: string;
            triggeredSignals: Array<{ signalId: string }>;
            metadata: unknown;
            ruleSet: unknown;
            events: Array<{ eventSequence: number; eventType: string; actorId: string }>;
          };
        }>(await call("GET", `/v1/fraud/cases/${c.id}`, { key: t.key }));
        fraudViews.push({
          severity: view.severity,
          overallScore: view.overallScore,
          status: view.currentStatus,
          signals: view.triggeredSignals.map((s) => s.signalId),
          metadata: view.metadata,
          ruleSet: view.ruleSet,
          events: view.events.map((ev) => [ev.eventSequence, ev.eventType, ev.actorId]),
        });
      }
      const byRule = (a: { ruleId: string }, b: { ruleId: string }) => a.ruleId.localeCompare(b.ruleId);
      out[`${type} ${i}`] = { aml: amlViews.sort(byRule), fraud: fraudViews };
    }
  }
  return out;
}

async function tenantWith(name: string, n: number) {
  const t = await quietTenant(name);
  const entities = [];
  for (let i = 0; i < n; i++) entities.push(await customerWith(t, activity(i)));
  return { t, entities };
}

describe("case opening per page", () => {
  it("opens the same cases as one-by-one opening, with chains and anchors that verify, in fewer queries", async () => {
    const n = 12;
    const one = await tenantWith("Cases one by one", n);
    const page = await tenantWith("Cases per page", n);
    const oneCtx = await loadTenantContext(env, one.t.id, "test");
    const pageCtx = await loadTenantContext(env, page.t.id, "test");
    const byOne = await drainPending(oneCtx, { trigger: "arrival", runId: null, screen: screenEntity });
    const byPage = await drainPending(pageCtx, { trigger: "arrival", runId: null });
    const figures = (f: typeof byOne) => ({
      screened: f.screened,
      failed: f.failed,
      alerts: f.alerts,
      casesOpened: f.casesOpened,
      casesAppended: f.casesAppended,
    });
    expect(figures(byPage)).toEqual(figures(byOne));
    // Not a comparison of nothing: every subject (a customer with its account) opened cases of both kinds.
    expect(byOne.casesOpened).toBeGreaterThanOrEqual(2 * n);
    const expected = await casesOf(one.t, one.entities);
    expect(await casesOf(page.t, page.entities)).toEqual(expected);
    for (const [key, v] of Object.entries(expected) as Array<
      [string, { aml: unknown[]; fraud: unknown[] }]
    >) {
      // One subject, one case: the account's hits are in its customer's cases, none of its own.
      const subject = key.startsWith("customer");
      expect(v.aml.length > 0).toBe(subject);
      expect(v.fraud).toHaveLength(subject ? 1 : 0);
    }
    // The same alerts with the same case refs (opened), by entity position.
    const refs = async (t: TestTenant, entities: typeof one.entities) => {
      const rows = await shardRows<{ entity_id: string; kind: string; cases: string }>(
        t,
        "SELECT entity_id, kind, cases FROM monitoring_alerts WHERE tenant_id = ?",
        t.id,
      );
      // By subject: which of a customer's and its account's alerts opened a case depends on order.
      const position = new Map(
        entities.flatMap((e, i) => [
          [e.customerId, `subject ${i}`],
          [e.accountId, `subject ${i}`],
        ]),
      );
      const bySubject = new Map<string, string[]>();
      for (const r of rows) {
        const key = `${position.get(r.entity_id)} ${r.kind}`;
        const actions = (JSON.parse(r.cases) as Array<{ kind: string; action: string }>).map(
          (c) => `${c.kind}:${c.action}`,
        );
        bySubject.set(key, [...(bySubject.get(key) ?? []), ...actions].sort());
      }
      return [...bySubject.entries()].sort(([a], [b]) => a.localeCompare(b));
    };
    expect(await refs(page.t, page.entities)).toEqual(await refs(one.t, one.entities));
    console.log(
      JSON.stringify({
        queriesOneByOne: byOne.queries,
        queriesPerPage: byPage.queries,
        screened: byOne.screened,
      }),
    );
    expect(byPage.queries).toBeLessThan(byOne.queries);
    // By design, a page of firing entities: its reads and screening writes (as for quiet ones),
    // then per kind one case batch and one or two reads, and its alerts, rule rows and events as
    // JSON chunks (35 queries for these 24, 52 with multi-row inserts of 6, 18 and 16 rows):
    // under 3 queries per entity, where each alert,
    // event and case once cost statements of its own (and each fraud case a Durable Object call).
    expect(byPage.queries / byPage.screened).toBeLessThan(3);
  });

  it("never opens a second fraud case: an entity with an open case gets it back, even when it opened after the read", async () => {
    const t = await quietTenant("Guarded fraud opening");
    const a = await customerWith(t, activity(0));
    const b = await customerWith(t, activity(1));
    const ctx = await loadTenantContext(env, t.id, "test");
    await drainPending(ctx, { trigger: "arrival", runId: null });
    const openOf = (entityId: string) =>
      shardRows<{ case_id: string }>(
        t,
        "SELECT case_id FROM fraud_case_heads WHERE tenant_id = ? AND entity_id = ? AND current_status NOT LIKE 'closed_%'",
        t.id,
        entityId,
      );
    const [aCase] = await openOf(a.customerId);
    expect(aCase).toBeDefined();
    // Found open before the batch: answered, not created.
    const evaluated = await json<{ alert: Record<string, unknown> }>(
      await call("POST", "/v1/fraud/evaluate", {
        key: t.key,
        body: { entityType: "customer", entityId: a.customerId },
      }),
    );
    const alert = { ...evaluated.alert, alertId: crypto.randomUUID() } as never;
    const [again] = await openCasesUnlessOpen(ctx, [alert], {
      actorType: "system",
      actorId: "monitoring",
      actorName: null,
      actorKeyId: null,
    });
    expect(again).toEqual({ caseId: aCase.case_id, created: false });
    // Opened after the read (the statements built for a case the entity no longer lacks): nothing written.
    const { caseRow, fromAlert, newCaseRecords } = await import(
      "../../src/modules/fraud/cases/batch/service"
    );
    const { anchorKeysFrom } = await import("../../src/modules/cases/domain/anchor");
    const row = caseRow(t.id, fromAlert(alert, "monitoring"), new Date());
    const records = await newCaseRecords(
      t.id,
      row,
      { actorType: "system", actorId: "monitoring" },
      await anchorKeysFrom(env.SECRETS_KEY),
      null,
    );
    await ctx.db.batchSql(openCasesStatements(ctx, [{ row, ...records }]));
    expect(await openOf(a.customerId)).toEqual([aCase]);
    expect(
      await shardRows(t, "SELECT id FROM fraud_cases WHERE tenant_id = ? AND id = ?", t.id, row.id),
    ).toEqual([]);
    expect(
      await shardRows(
        t,
        "SELECT id FROM fraud_case_events WHERE tenant_id = ? AND case_id = ?",
        t.id,
        row.id,
      ),
    ).toEqual([]);
    expect((await openOf(b.customerId)).length).toBe(1);
  });
});
