import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadTenantContext, withD1Wrapper } from "../../src/db/tenant-context";
import { appendCaseNote, appendCaseNotes } from "../../src/modules/aml/cases/service";
import { screenEntity } from "../../src/modules/monitoring/screening/service";
import { drainPending } from "../../src/modules/monitoring/service";
import { ago, customerWith } from "../aml/helpers";
import { call, insertTransactions, json, shardRows, type TestTenant } from "../harness";
import { quietTenant, runScreenJob } from "./helpers";

/**
 * Appends per page (docs/methodology/monitoring.md#appends-per-page): hits on cases already open
 * get one `alert_added` each, through each case's object (AML: one call per case carrying its
 * notes), with chains that verify; a redelivered message appends nothing; a writer holding one
 * AML case delays that case's notes only, which land after its entry.
 */

type Entity = { customerId: string; accountId: string };
const DEPOSIT = { amountMinor: 6_000_000, transactionDate: ago(2), channel: "cash", type: "credit" as const };

/** A tenant whose n customers each made a large cash deposit, screened once: their cases are open. */
async function withOpenCases(name: string, n: number) {
  const t = await quietTenant(name);
  const entities: Entity[] = [];
  for (let i = 0; i < n; i++) entities.push(await customerWith(t, [DEPOSIT]));
  const ctx = await loadTenantContext(env, t.id, "test");
  const first = await drainPending(ctx, { trigger: "arrival", runId: null });
  expect(first.casesOpened).toBeGreaterThan(0);
  return { t, entities, ctx };
}

/**
 * A small credit on every entity: each is pending again, its cases still open. The first hits'
 * episodes are moved 40 days back first, so the second hits are new episodes (a hit on the same
 * episode would extend its alert and append nothing: docs/methodology/monitoring.md#one-alert-per-episode).
 */
const arriveAgain = async (t: TestTenant, entities: Entity[]) => {
  await shardRows(
    t,
    `UPDATE monitoring_alerts SET detail = json_set(detail, '$.firstAt', ?2, '$.lastAt', ?2) WHERE tenant_id = ?1`,
    t.id,
    ago(40),
  );
  return Promise.all(
    entities.map((e) =>
      insertTransactions(t, { id: e.accountId, customerId: e.customerId }, [
        { amountMinor: 10_000, transactionDate: ago(0, 1), channel: "mobile_money" },
      ]),
    ),
  );
};

interface OpenCase {
  kind: "aml" | "fraud";
  caseId: string;
  entityId: string;
  ruleId: string | null;
}
const openCases = async (t: TestTenant): Promise<OpenCase[]> => [
  ...(
    await shardRows<{ id: string; entity_id: string; rule_id: string }>(
      t,
      "SELECT id, entity_id, rule_id FROM aml_cases WHERE tenant_id = ? AND status NOT LIKE 'closed_%'",
      t.id,
    )
  ).map((r) => ({ kind: "aml" as const, caseId: r.id, entityId: r.entity_id, ruleId: r.rule_id })),
  ...(
    await shardRows<{ case_id: string; entity_id: string }>(
      t,
      "SELECT case_id, entity_id FROM fraud_case_heads WHERE tenant_id = ? AND current_status NOT LIKE 'closed_%'",
      t.id,
    )
  ).map((r) => ({ kind: "fraud" as const, caseId: r.case_id, entityId: r.entity_id, ruleId: null })),
];

/** The notes of a case's `alert_added` entries, in order. */
const alertAdded = async (t: TestTenant, c: OpenCase) =>
  c.kind === "aml"
    ? (
        await shardRows<{ note: string }>(
          t,
          "SELECT note FROM aml_case_history WHERE tenant_id = ? AND case_id = ? AND event_type = 'alert_added' ORDER BY sequence",
          t.id,
          c.caseId,
        )
      ).map((r) => r.note)
    : (
        await shardRows<{ note_content: string }>(
          t,
          "SELECT note_content FROM fraud_case_events WHERE tenant_id = ? AND case_id = ? AND event_type = 'alert_added' ORDER BY event_sequence",
          t.id,
          c.caseId,
        )
      ).map((r) => r.note_content);

async function chainVerifies(t: TestTenant, c: Pick<OpenCase, "kind" | "caseId">) {
  if (c.kind === "aml") {
    const { case: view } = await json<{ case: { chainValid: boolean; anchorValid: boolean | null } }>(
      await call("GET", `/v1/kyc-aml/cases/${c.caseId}`, { key: t.key }),
    );
    return view.chainValid && view.anchorValid === true;
  }
  const v = await json<{ valid: boolean; anchorValid: boolean | null }>(
    await call("GET", `/v1/fraud/cases/${c.caseId}/verify`, { key: t.key }),
  );
  return v.valid && v.anchorValid === true;
}

const alertAddedRows = async (t: TestTenant) =>
  (
    await shardRows<{ n: number }>(
      t,
      `SELECT (SELECT count(*) FROM aml_case_history WHERE tenant_id = ?1 AND event_type = 'alert_added')
        + (SELECT count(*) FROM fraud_case_events WHERE tenant_id = ?1 AND event_type = 'alert_added') AS n`,
      t.id,
    )
  )[0].n;

describe("appends per page", () => {
  it("appends one alert_added per hit on an open case, chains verify, fewer queries than one by one; a redelivered message appends nothing", async () => {
    const n = 8;
    const one = await withOpenCases("Appends one by one", n);
    const page = await withOpenCases("Appends per page", n);
    const before = await openCases(page.t);
    expect(before.filter((c) => c.kind === "fraud").length).toBeGreaterThanOrEqual(n);
    expect(before.filter((c) => c.kind === "aml").length).toBeGreaterThanOrEqual(n);
    // A customer and its account are one subject: the second of them to fire already added its
    // alert to the case the first opened.
    const had = new Map<string, number>();
    for (const c of before) had.set(c.caseId, (await alertAdded(page.t, c)).length);
    const firstRound = await alertAddedRows(page.t);
    const subjectOf = new Map(
      page.entities.flatMap((e) => [
        [e.customerId, e.customerId],
        [e.accountId, e.customerId],
      ]),
    );
    const mark = new Date().toISOString();
    await arriveAgain(one.t, one.entities);
    await arriveAgain(page.t, page.entities);

    const byOne = await drainPending(one.ctx, { trigger: "arrival", runId: null, screen: screenEntity });
    const byPage = await drainPending(page.ctx, { trigger: "arrival", runId: null });
    expect(byPage.failed).toBe(0);
    expect(byPage.casesOpened).toBe(byOne.casesOpened);
    expect(byPage.casesAppended).toBe(byOne.casesAppended);

    // Expected from the second screening's alerts: each open case gets one entry per alert of its
    // kind, on its subject (the customer or its account), naming its rule (fraud: any fraud alert).
    const alerts = await shardRows<{ id: string; kind: string; entity_id: string; rule_ids: string }>(
      page.t,
      "SELECT id, kind, entity_id, rule_ids FROM monitoring_alerts WHERE tenant_id = ? AND created_at >= ?",
      page.t.id,
      mark,
    );
    let expectedAppends = 0;
    for (const c of before) {
      const hits = alerts.filter(
        (a) =>
          a.kind === c.kind &&
          subjectOf.get(a.entity_id) === c.entityId &&
          (c.ruleId === null || (JSON.parse(a.rule_ids) as string[]).includes(c.ruleId)),
      );
      const notes = (await alertAdded(page.t, c)).slice(had.get(c.caseId));
      expectedAppends += hits.length;
      expect(notes, `${c.kind} case ${c.caseId}`).toHaveLength(hits.length);
      for (const hit of hits)
        expect(notes.some((note) => note.includes(`Monitoring alert ${hit.id} (arrival)`))).toBe(true);
      expect(await chainVerifies(page.t, c), `${c.kind} case ${c.caseId}`).toBe(true);
    }
    expect(expectedAppends).toBeGreaterThanOrEqual(2 * n);
    expect(byPage.casesAppended).toBe(expectedAppends);
    expect(await alertAddedRows(page.t)).toBe(firstRound + expectedAppends);
    console.log(
      JSON.stringify({ appendQueriesOneByOne: byOne.queries, appendQueriesPerPage: byPage.queries }),
    );
    expect(byPage.queries).toBeLessThan(byOne.queries);
    // The page's appends are the cases' objects' own queries (AML: a head read and a batch per
    // case, in its object), none of the page's: under 3 queries per entity in all (appended one
    // case at a time, a case read, a head read, a batch and a read back each: 12 here).
    expect(byPage.queries / byPage.screened).toBeLessThan(3);

    // The same message delivered again (and a drain besides): nothing is pending, nothing appended.
    await runScreenJob(page.t);
    const again = await drainPending(page.ctx, { trigger: "arrival", runId: null });
    expect(again.screened).toBe(0);
    expect(await alertAddedRows(page.t)).toBe(firstRound + expectedAppends);
  });

  it("a concurrent writer on one AML case: the others append at once, that one after the writer's entry", async () => {
    const { t, ctx } = await withOpenCases("Append race", 3);
    const cases = (await openCases(t)).filter((c) => c.kind === "aml");
    expect(cases.length).toBeGreaterThanOrEqual(3);
    const victim = cases[1].caseId;
    const historyOf = (caseId: string) =>
      shardRows<{ sequence: number; note: string | null }>(
        t,
        "SELECT sequence, note FROM aml_case_history WHERE tenant_id = ? AND case_id = ? ORDER BY sequence",
        t.id,
        caseId,
      );
    const lengths = new Map<string, number>();
    for (const c of cases) lengths.set(c.caseId, (await historyOf(c.caseId)).length);
    const note = (k: number) => ({
      eventType: "alert_added" as const,
      actorType: "system" as const,
      actorId: "monitoring",
      actorKeyId: null,
      note: `hit ${k}`,
    });
    // A concurrent writer holds the victim's case object: its entry is built and waits at D1.
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let entered!: () => void;
    const inWriter = new Promise<void>((r) => {
      entered = r;
    });
    const holding = withD1Wrapper(
      ctx,
      (d1) =>
        new Proxy(d1, {
          get(target, prop) {
            if (prop === "batch")
              return async (statements: D1PreparedStatement[]) => {
                entered();
                await gate;
                return target.batch(statements);
              };
            const value = Reflect.get(target, prop);
            return typeof value === "function" ? value.bind(target) : value;
          },
        }),
    );
    const writer = appendCaseNote(holding, victim, { ...note(99), note: "concurrent" });
    await inWriter;
    const page = appendCaseNotes(
      ctx,
      cases.map((c, k) => ({ caseId: c.caseId, input: note(k) })),
    );
    // The other cases' notes land while the victim's object is held; the victim's waits its turn.
    const others = cases.filter((c) => c.caseId !== victim);
    const landed = async () => {
      for (const c of others) if ((await historyOf(c.caseId)).length === lengths.get(c.caseId)) return false;
      return true;
    };
    for (let tries = 0; tries < 100 && !(await landed()); tries++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await landed()).toBe(true);
    expect(await historyOf(victim)).toHaveLength(lengths.get(victim)!);
    release();
    expect(await page).toEqual(cases.map(() => null));
    await writer;
    for (const [k, c] of cases.entries()) {
      const history = await historyOf(c.caseId);
      const base = lengths.get(c.caseId)!;
      const added = history.slice(base).map((h) => [h.sequence, h.note]);
      expect(added).toEqual(
        c.caseId === victim
          ? [
              [base + 1, "concurrent"],
              [base + 2, `hit ${k}`],
            ]
          : [[base + 1, `hit ${k}`]],
      );
      expect(await chainVerifies(t, c)).toBe(true);
    }
  });

  it("a failed fraud append fails its entity only; the others' appends and screenings stand", async () => {
    const { t, entities, ctx } = await withOpenCases("Fraud append failure", 3);
    const fraudCases = (await openCases(t)).filter((c) => c.kind === "fraud");
    const broken = fraudCases.find((c) => c.entityId === entities[0].customerId)!;
    expect(broken).toBeDefined();
    const had = new Map<string, number>();
    for (const c of fraudCases) had.set(c.caseId, (await alertAdded(t, c)).length);
    await arriveAgain(t, entities);
    await shardRows(
      t,
      `CREATE TRIGGER test_refuse_fraud_event BEFORE INSERT ON fraud_case_events
       WHEN NEW.case_id = '${broken.caseId}' BEGIN SELECT RAISE(ABORT, 'test refuses this append'); END`,
    );
    try {
      const figures = await drainPending(ctx, { trigger: "arrival", runId: null });
      // The customer and its account are one subject: both add to the refused case, both fail.
      expect(figures.failed).toBe(2);
      expect(figures.screened).toBe(2 * entities.length - 2);
    } finally {
      await shardRows(t, "DROP TRIGGER test_refuse_fraud_event");
    }
    const failed = await shardRows<{ entity_id: string; attempts: number; last_error: string }>(
      t,
      "SELECT entity_id, attempts, last_error FROM monitoring_pending WHERE tenant_id = ?",
      t.id,
    );
    expect(failed.map((f) => f.entity_id).sort()).toEqual(
      [entities[0].customerId, entities[0].accountId].sort(),
    );
    for (const f of failed) {
      expect(f.attempts).toBe(1);
      expect(f.last_error).toContain("test refuses this append");
    }
    for (const c of fraudCases.filter((c) => c !== broken))
      expect(await alertAdded(t, c)).toHaveLength(had.get(c.caseId)! + 2);
    expect(await alertAdded(t, broken)).toHaveLength(had.get(broken.caseId)!);
    expect(await chainVerifies(t, broken)).toBe(true);
  });
});
