import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadTenantContext, type TenantContext } from "../../src/db/tenant-context";
import { DEFERRED_SUBJECTS_PER_CLAIM, withdrawStatements } from "../../src/modules/monitoring/screening/repo";
import { settleDeferred } from "../../src/modules/monitoring/screening/steps/page";
import { drainPending } from "../../src/modules/monitoring/service";
import { strandedPendingTenants } from "../../src/modules/monitoring/system-repo";
import { ago, customerWith } from "../aml/helpers";
import { shardRows, type TestTenant } from "../harness";
import { alerts, quietTenant } from "./helpers";

// A subject (a customer with its account) whose two entities hit on two pages of one drain.
const largeCash = () => [{ amountMinor: 6_000_000, transactionDate: ago(2), channel: "cash" }];
type Ref = { caseId: string; action: string };
const refsOf = (a: { cases: string }) => JSON.parse(a.cases) as Ref[];
const deferredRows = (t: TestTenant) =>
  shardRows<{ alert_id: string }>(
    t,
    "SELECT alert_id FROM monitoring_deferred_cases WHERE tenant_id = ?",
    t.id,
  );
const deferredSubjects = async (t: TestTenant) =>
  (
    await shardRows<{ n: number }>(
      t,
      "SELECT count(DISTINCT subject_id) AS n FROM monitoring_deferred_cases WHERE tenant_id = ?",
      t.id,
    )
  )[0].n;
const amlCases = (t: TestTenant) =>
  shardRows<{ id: string; event_count: number }>(
    t,
    "SELECT id, event_count FROM aml_cases WHERE tenant_id = ? ORDER BY id",
    t.id,
  );

/** The tenant's context with its case objects counted (every call to one goes through idFromName). */
function counted(ctx: TenantContext) {
  const calls: string[] = [];
  const ns = env.FRAUD_CASE;
  const FRAUD_CASE = {
    idFromName: (name: string) => {
      calls.push(name);
      return ns.idFromName(name);
    },
    get: (id: DurableObjectId) => ns.get(id),
  };
  return { ctx: { ...ctx, env: { ...ctx.env, FRAUD_CASE } } as TenantContext, calls };
}

const drain = (ctx: TenantContext, more: Partial<Parameters<typeof drainPending>[1]> = {}) =>
  drainPending(ctx, { trigger: "arrival", runId: null, settle: null, ...more });

describe("deferred case opening", () => {
  it("a subject's hits on two pages open one case holding both alerts, with no case object called", async () => {
    const t = await quietTenant("Deferred one case");
    const { customerId, accountId } = await customerWith(t, largeCash());
    const { ctx, calls } = counted(await loadTenantContext(env, t.id, "test"));
    const figures = await drain(ctx, { pageSize: 1 });
    expect(figures.pages).toBe(2);
    const [ofCustomer] = (await alerts(t, customerId)).filter((a) => a.kind === "aml");
    const [ofAccount] = (await alerts(t, accountId)).filter((a) => a.kind === "aml");
    const ids = (refs: Ref[]) => refs.map((c) => c.caseId).sort();
    expect(ids(refsOf(ofCustomer)).length).toBeGreaterThan(0);
    expect(ids(refsOf(ofAccount))).toEqual(ids(refsOf(ofCustomer)));
    // Each case opened once (by the earlier alert) with the other alert in its opening batch.
    const cases = await amlCases(t);
    expect(cases.map((c) => c.id)).toEqual(ids(refsOf(ofCustomer)));
    for (const c of cases) expect(c.event_count).toBe(2);
    const actions = [...refsOf(ofCustomer), ...refsOf(ofAccount)].map((r) => r.action).sort();
    expect(actions).toEqual(cases.flatMap(() => ["appended", "opened"]).sort());
    expect(calls).toEqual([]);
    const all = [...(await alerts(t, customerId)), ...(await alerts(t, accountId))].flatMap(refsOf);
    expect(figures.casesOpened).toBe(all.filter((r) => r.action === "opened").length);
    expect(figures.casesAppended).toBe(all.filter((r) => r.action === "appended").length);
    expect(await deferredRows(t)).toEqual([]);
  });

  it("a subject's last entity that never settles: the drain's end opens the deferred alert's case", async () => {
    const t = await quietTenant("Deferred crash");
    await customerWith(t, largeCash());
    const ctx = await loadTenantContext(env, t.id, "test");
    // One page only (its budget spent), as if the invocation ended there.
    expect((await drain(ctx, { pageSize: 1, wallMs: 1 })).pages).toBe(1);
    const deferred = await deferredRows(t);
    expect(deferred.length).toBeGreaterThan(0);
    const casesOf = (ids: string[]) =>
      shardRows<{ id: string; cases: string }>(
        t,
        "SELECT id, cases FROM monitoring_alerts WHERE tenant_id = ? ORDER BY id",
        t.id,
      ).then((rows) => rows.filter((r) => ids.includes(r.id)).map(refsOf));
    const ids = deferred.map((d) => d.alert_id);
    expect(await casesOf(ids)).toEqual(ids.map(() => []));
    // The other entity's screening is lost for good (dead-lettered): nothing of the subject is pending.
    await shardRows(t, "UPDATE monitoring_pending SET failed_at = ? WHERE tenant_id = ?", ago(0), t.id);
    // The minute cron's stranded sweep finds the tenant by its deferred hits once they are old.
    const stranded = async () => {
      const now = new Date();
      const before = new Date(now.getTime() - 2 * 60_000).toISOString();
      return strandedPendingTenants(env, t.shard, before, now.toISOString(), 1_000);
    };
    expect(await stranded()).not.toContain(t.id);
    await shardRows(
      t,
      "UPDATE monitoring_deferred_cases SET created_at = ? WHERE tenant_id = ?",
      new Date(Date.now() - 5 * 60_000).toISOString(),
      t.id,
    );
    expect(await stranded()).toContain(t.id);
    const figures = await drain(ctx);
    expect(figures.pages).toBe(0);
    expect(await deferredRows(t)).toEqual([]);
    const after = await casesOf(ids);
    for (const refs of after) {
      expect(refs.length).toBeGreaterThan(0);
      expect(refs.every((r) => r.action === "opened")).toBe(true);
    }
    const aml = await amlCases(t);
    expect(aml.length).toBeGreaterThan(0);
    expect(after.flat().filter((r) => aml.some((c) => c.id === r.caseId)).length).toBe(aml.length);
  });

  it("a backfill's deferred hits are claimed a bounded number of subjects at a time, the drain's end claiming the rest", async () => {
    const t = await quietTenant("Deferred bound");
    const n = DEFERRED_SUBJECTS_PER_CLAIM + 5;
    const customers: string[] = [];
    for (let i = 0; i < n; i++) customers.push((await customerWith(t, largeCash())).customerId);
    // Each subject's account backs off (pending, not claimable): its customer's hits are deferred.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await shardRows(
      t,
      "UPDATE monitoring_pending SET claimed_until = ? WHERE tenant_id = ? AND entity_type = 'account'",
      later,
      t.id,
    );
    const ctx = await loadTenantContext(env, t.id, "test");
    const first = await drain(ctx);
    expect(first.screened).toBe(n);
    expect(await deferredSubjects(t)).toBe(n);
    expect(await amlCases(t)).toEqual([]);
    // The accounts' screenings lost for good: every subject's hits are claimable at once.
    await shardRows(t, "UPDATE monitoring_pending SET failed_at = ? WHERE tenant_id = ?", ago(0), t.id);
    // One claim takes DEFERRED_SUBJECTS_PER_CLAIM subjects, each with all its hits, and says more wait.
    const one = await settleDeferred(ctx, 1);
    expect(one.left).toBe(true);
    expect(await deferredSubjects(t)).toBe(n - DEFERRED_SUBJECTS_PER_CLAIM);
    // A drain's end claims until a claim comes back short.
    const end = await drain(ctx);
    expect(end.pages).toBe(0);
    expect(await deferredRows(t)).toEqual([]);
    const opened = await shardRows<{ entity_id: string }>(
      t,
      "SELECT DISTINCT entity_id FROM aml_cases WHERE tenant_id = ? AND entity_type = 'customer'",
      t.id,
    );
    expect(opened.map((c) => c.entity_id).sort()).toEqual([...customers].sort());
  });

  it("a deferred alert withdrawn by late history opens no case when its subject's last entity is screened", async () => {
    const t = await quietTenant("Deferred withdrawn");
    const { customerId, accountId } = await customerWith(t, largeCash());
    const ctx = await loadTenantContext(env, t.id, "test");
    expect((await drain(ctx, { pageSize: 1, wallMs: 1 })).pages).toBe(1);
    const deferred = (await deferredRows(t)).map((d) => d.alert_id);
    expect(deferred.length).toBeGreaterThan(0);
    // What late history writes with the entity's screening when none of an alert's rules is raised again.
    const at = new Date().toISOString();
    for (const alertId of deferred)
      await ctx.db.batch(
        withdrawStatements(
          ctx,
          alertId,
          { reason: "late_history", at, asOf: at, lateFrom: ago(40), ruleIds: ["AML-X"], raisedNow: [] },
          null,
        ) as never,
      );
    expect(await deferredRows(t)).toEqual([]);
    // The subject's other entity screened: its own hits open cases, the withdrawn alerts none.
    await drain(ctx);
    const all = [...(await alerts(t, customerId)), ...(await alerts(t, accountId))];
    const withdrawn = all.filter((a) => deferred.includes(a.id));
    expect(withdrawn.length).toBe(deferred.length);
    for (const a of withdrawn) expect(refsOf(a)).toEqual([]);
    const standing = all.filter((a) => !deferred.includes(a.id) && a.kind === "aml");
    expect(standing.length).toBeGreaterThan(0);
    const named = await shardRows<{ alert_id: string }>(
      t,
      "SELECT alert_id FROM monitoring_alert_cases WHERE tenant_id = ?",
      t.id,
    );
    expect(named.filter((r) => deferred.includes(r.alert_id))).toEqual([]);
    const cases = await amlCases(t);
    expect(cases.length).toBeGreaterThan(0);
    // Each case holds only the standing alert's entry (opened), none for a withdrawn one.
    for (const c of cases) expect(c.event_count).toBe(1);
  });

  it("a deferred AML alert narrowed by late history opens cases for the rules it keeps only", async () => {
    const t = await quietTenant("Deferred narrowed");
    await customerWith(t, largeCash());
    const ctx = await loadTenantContext(env, t.id, "test");
    expect((await drain(ctx, { pageSize: 1, wallMs: 1 })).pages).toBe(1);
    const [row] = await shardRows<{ alert_id: string; rule_ids: string; openers: string }>(
      t,
      `SELECT d.alert_id, a.rule_ids, json_extract(d.hit, '$.hit.request.outcomes') AS openers
        FROM monitoring_deferred_cases d JOIN monitoring_alerts a ON a.tenant_id = d.tenant_id AND a.id = d.alert_id
        WHERE d.tenant_id = ? AND json_extract(d.hit, '$.kind') = 'aml'`,
      t.id,
    );
    const openers = (JSON.parse(row.openers) as Array<{ ruleId: string }>).map((o) => o.ruleId);
    expect(openers.length).toBeGreaterThan(1);
    const [keep, ...dropped] = openers;
    const at = new Date().toISOString();
    await ctx.db.batch(
      withdrawStatements(
        ctx,
        row.alert_id,
        { reason: "late_history", at, asOf: at, lateFrom: ago(40), ruleIds: dropped, raisedNow: [keep] },
        { ruleIds: [keep], severity: "high" },
      ) as never,
    );
    await drain(ctx);
    expect(await deferredRows(t)).toEqual([]);
    const named = await shardRows<{ rule_id: string }>(
      t,
      `SELECT c.rule_id FROM monitoring_alert_cases ac JOIN aml_cases c ON c.tenant_id = ac.tenant_id AND c.id = ac.case_id
        WHERE ac.tenant_id = ? AND ac.alert_id = ?`,
      t.id,
      row.alert_id,
    );
    expect(named.map((c) => c.rule_id)).toEqual([keep]);
  });

  it("the same counts whether a subject's entities share a page or not", async () => {
    const counts = async (pageSize: number) => {
      const t = await quietTenant(`Deferred counts ${pageSize}`);
      await customerWith(t, largeCash());
      await customerWith(t, largeCash());
      const f = await drain(await loadTenantContext(env, t.id, "test"), { pageSize });
      const [row] = await shardRows<{ alerts: number; cases: number; entries: number }>(
        t,
        `SELECT (SELECT count(*) FROM monitoring_alerts WHERE tenant_id = ?1) AS alerts,
          (SELECT count(*) FROM aml_cases WHERE tenant_id = ?1) AS cases,
          (SELECT count(*) FROM aml_case_history WHERE tenant_id = ?1) AS entries`,
        t.id,
      );
      return { ...row, opened: f.casesOpened, appended: f.casesAppended };
    };
    const together = await counts(25);
    expect(together.cases).toBeGreaterThan(0);
    expect(await counts(1)).toEqual(together);
  });
});
