import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { jobs } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { drainPending } from "../../src/modules/monitoring/service";
import { call, shardRows, type TestTenant } from "../harness";
import { ingest } from "../ingest/helpers";
import { quietTenant } from "./helpers";

/**
 * Counts are the same for the same data in any arrival order (issue 34, item 4;
 * docs/methodology/monitoring.md#arrival-order): one small labelled book (holders who bank cash
 * at one agent's wallet, a fan-out and a cycle planted among them) ingested in three date slices
 * into two tenants, oldest first and newest first, back to back as fast ingestion sends them,
 * the screen job run after each (as each write's message asks), the network scanned at the end.
 * Alerts, cases and flagged holders must agree. Arrival screening waits for an entity's arrivals
 * to settle (the quiet period; 0 in the test environment, so set here): without it, newest first
 * judged the agent's wallet and the holders on their last 20 days alone, as new entities with a
 * burst (28 alerts and 11 cases against 18 and 4 oldest first).
 * The second case sends each slice after the one before was judged (beyond the longest wait):
 * what the newer part raised alone is judged again when the older arrives, and withdrawn
 * (docs/methodology/monitoring.md#late-history).
 */

const DAY = 86_400_000;
const HOLDERS = 24;
const WALLET = 25;
const HISTORY_DAYS = 60;
/** The production quiet period (domain/drain.ts), longer than a slice's ingestion takes here. */
const SETTLE = { quietMs: 2_000, maxWaitMs: 30_000 };

type Row = Record<string, unknown> & { transactionDate: string };

/** The book: ordinary cash at the agent, the planted schemes; days from the history's start. */
function book(start: number): Row[] {
  const rows: Row[] = [];
  let n = 0;
  const at = (day: number) => new Date(start + day * DAY).toISOString();
  const leg = (holder: number, type: "credit" | "debit", amount: number, day: number, extra: object) =>
    rows.push({
      externalId: `T-${n++}`,
      externalSource: "core",
      accountExternalId: `A-${holder}`,
      type,
      amount: amount.toFixed(2),
      currency: "GHS",
      transactionDate: at(day),
      ...extra,
    });
  // Cash at the agent: the holder's cash leg names the wallet; the wallet's e-float leg the holder.
  const cash = (holder: number, type: "credit" | "debit", amount: number, day: number) => {
    leg(holder, type, amount, day, {
      channel: "cash",
      counterpartyName: "Agent wallet",
      counterpartyAccount: `A-${WALLET}`,
    });
    leg(WALLET, type === "credit" ? "debit" : "credit", amount, day + 0.001, {
      channel: "mobile_money",
      counterpartyName: `Holder ${holder}`,
      counterpartyAccount: `A-${holder}`,
    });
  };
  const send = (from: number, to: number, amount: number, day: number) => {
    leg(from, "debit", amount, day, {
      channel: "mobile_money",
      counterpartyName: `Holder ${to}`,
      counterpartyAccount: `A-${to}`,
    });
    leg(to, "credit", amount, day, {
      channel: "mobile_money",
      counterpartyName: `Holder ${from}`,
      counterpartyAccount: `A-${from}`,
    });
  };
  // Every holder pays in cash each week and takes some out a few days later.
  for (let h = 1; h <= HOLDERS; h++)
    for (let week = 0; week < HISTORY_DAYS / 7 - 1; week++) {
      const day = week * 7 + (h % 7) + 0.4;
      cash(h, "credit", 300 + ((h * 37 + week * 11) % 500), day);
      cash(h, "debit", 150 + ((h * 13 + week * 7) % 200), day + 2.5);
    }
  // A cycle: 25,000 leaves C-1 and comes back through C-2 and C-3.
  send(1, 2, 25_000, 44);
  send(2, 3, 24_500, 45);
  send(3, 1, 24_000, 46.2);
  // A fan-out: 45,000 from a bank elsewhere, paid to C-21..C-24, who each cash it out within a day.
  leg(20, "credit", 45_000, 50, {
    channel: "bank_transfer",
    counterpartyName: "Bright Star Investments",
    counterpartyAccount: "GH-BANK-FAN",
  });
  for (const [i, h] of [21, 22, 23, 24, 19, 18].entries()) {
    send(20, h, 7_000, 50.5 + i * 0.5);
    cash(h, "debit", 6_800, 50.8 + i * 0.5);
  }
  return rows;
}

/** Ingests the book in `slices` date slices in the given order, screening after each; then the network scan. */
async function load(t: TestTenant, order: "oldest first" | "newest first", late = false) {
  const start = Date.now() - HISTORY_DAYS * DAY;
  const customers = Array.from({ length: WALLET }, (_, i) => ({
    externalId: `C-${i + 1}`,
    externalSource: "core",
    name: `Holder ${i + 1}`,
  }));
  const accounts = customers.map((c, i) => ({
    externalId: `A-${i + 1}`,
    externalSource: "core",
    customerExternalId: c.externalId,
    currency: "GHS",
    currentBalance: "1000.00",
    createdAt: new Date(start - 365 * DAY).toISOString(),
  }));
  expect((await ingest(t, "customers", customers)).status).toBe(200);
  expect((await ingest(t, "accounts", accounts)).status).toBe(200);
  const rows = book(start);
  const cut = (day: number) => new Date(start + day * DAY).toISOString();
  const slices = [
    rows.filter((r) => r.transactionDate < cut(20)),
    rows.filter((r) => r.transactionDate >= cut(20) && r.transactionDate < cut(40)),
    rows.filter((r) => r.transactionDate >= cut(40)),
  ];
  if (order === "newest first") slices.reverse();
  const ctx = await loadTenantContext(env, t.id, "test");
  const drain = () => drainPending(ctx, { trigger: "arrival", runId: null, settle: SETTLE });
  for (const slice of slices) {
    expect((await ingest(t, "transactions", slice)).recordsWritten).toBe(slice.length);
    if (late) {
      // Each slice arrives after the one before was judged (beyond the longest wait): the job
      // claims at once, so the newer part is judged alone, then again when the older arrives.
      const judged = await drainPending(ctx, { trigger: "arrival", runId: null, settle: null });
      expect(judged.screened).toBeGreaterThan(0);
      expect(judged.next).toBeNull();
      continue;
    }
    // The slices arrive within the quiet period of each other: nothing is judged on part of them.
    const early = await drain();
    expect(early.screened).toBe(0);
    expect(early.next?.delaySeconds).toBeGreaterThan(0);
  }
  if (!late) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE.quietMs + 100));
    const settled = await drain();
    expect(settled.screened).toBeGreaterThan(WALLET);
    expect(settled.next).toBeNull();
  }
  await jobHandlers["monitoring.network"](env, jobs.monitoringNetwork(t.id));
}

/** What the tenant's monitoring left: alerts, cases and the holders (external ids) any alert names. */
async function outcome(t: TestTenant) {
  const [{ alerts, cases, open, withdrawn }] = await shardRows<{
    alerts: number;
    cases: number;
    open: number;
    withdrawn: number;
  }>(
    t,
    `SELECT (SELECT count(*) FROM monitoring_alerts WHERE tenant_id = ?1 AND status = 'open') AS alerts,
      (SELECT count(*) FROM monitoring_alerts WHERE tenant_id = ?1 AND status = 'withdrawn') AS withdrawn,
      (SELECT count(*) FROM aml_cases WHERE tenant_id = ?1)
        + (SELECT count(*) FROM fraud_cases WHERE tenant_id = ?1) AS cases,
      (SELECT count(*) FROM aml_cases WHERE tenant_id = ?1 AND status NOT LIKE 'closed_%')
        + (SELECT count(*) FROM fraud_case_heads WHERE tenant_id = ?1 AND current_status NOT LIKE 'closed_%') AS open`,
    t.id,
  );
  // An alert on a customer, one of its accounts, or one of its accounts named as a counterparty.
  const flagged = await shardRows<{ holder: string; rules: string }>(
    t,
    `SELECT c.external_id AS holder, group_concat(DISTINCT r.rule_id) AS rules
      FROM monitoring_alerts a
      JOIN monitoring_alert_rules r ON r.alert_id = a.id
      LEFT JOIN accounts acc ON acc.tenant_id = a.tenant_id AND (
        (a.entity_type = 'account' AND acc.id = a.entity_id)
        OR (a.entity_type = 'counterparty' AND acc.external_id = a.entity_id))
      JOIN customers c ON c.tenant_id = a.tenant_id
        AND c.id = CASE WHEN a.entity_type = 'customer' THEN a.entity_id ELSE acc.customer_id END
      WHERE a.tenant_id = ?1 AND a.status = 'open' GROUP BY c.external_id ORDER BY c.external_id`,
    t.id,
  );
  const rules = flagged.map((f) => ({ holder: f.holder, rules: f.rules.split(",").sort().join(",") }));
  // Cases an open alert opened or was added to; and, for each alert (some of) whose rules were
  // withdrawn, one entry per case it named, written by monitoring: a note, or the system close.
  const [{ held, named, notes, closes }] = await shardRows<{
    held: number;
    named: number;
    notes: number;
    closes: number;
  }>(
    t,
    `SELECT (SELECT count(DISTINCT json_extract(c.value, '$.caseId')) FROM monitoring_alerts a, json_each(a.cases) c
        WHERE a.tenant_id = ?1 AND a.status = 'open') AS held,
      (SELECT count(DISTINCT a.id || json_extract(c.value, '$.caseId')) FROM monitoring_alerts a, json_each(a.cases) c
        WHERE a.tenant_id = ?1 AND json_extract(a.detail, '$.withdrawal') IS NOT NULL) AS named,
      (SELECT count(*) FROM aml_case_history WHERE tenant_id = ?1 AND event_type = 'note_added' AND actor_id = 'monitoring')
        + (SELECT count(*) FROM fraud_case_events WHERE tenant_id = ?1 AND event_type = 'note_added' AND actor_id = 'monitoring') AS notes,
      (SELECT count(*) FROM aml_case_history WHERE tenant_id = ?1 AND event_type = 'transitioned' AND actor_id = 'monitoring')
        + (SELECT count(*) FROM fraud_case_events WHERE tenant_id = ?1 AND event_type = 'closed' AND actor_id = 'monitoring') AS closes`,
    t.id,
  );
  return {
    alerts,
    cases,
    open,
    withdrawn,
    held,
    named,
    notes,
    closes,
    flagged: flagged.map((f) => f.holder),
    rules,
  };
}

describe("arrival order", () => {
  it("the same book gives the same alerts, cases and flagged holders oldest first and newest first", async () => {
    const oldest = await quietTenant("Arrival order: oldest first");
    const newest = await quietTenant("Arrival order: newest first");
    await load(oldest, "oldest first");
    await load(newest, "newest first");
    const a = await outcome(oldest);
    const b = await outcome(newest);
    // The planted schemes are found either way.
    for (const holder of ["C-1", "C-2", "C-3", "C-20", "C-21"]) expect(a.flagged).toContain(holder);
    expect({ alerts: b.alerts, cases: b.cases, rules: b.rules }).toEqual({
      alerts: a.alerts,
      cases: a.cases,
      rules: a.rules,
    });
  });

  it("history that arrives after the newer part was judged withdraws what was raised on part of it", async () => {
    const oldest = await quietTenant("Late history: oldest first");
    const newest = await quietTenant("Late history: newest first");
    await load(oldest, "oldest first", true);
    await load(newest, "newest first", true);
    const a = await outcome(oldest);
    const b = await outcome(newest);
    // Judged on its last 20 days alone, newest first raised alerts the older history withdrew.
    expect(a.withdrawn).toBe(0);
    expect(b.withdrawn).toBeGreaterThan(0);
    for (const holder of ["C-1", "C-2", "C-3", "C-20", "C-21"]) expect(a.flagged).toContain(holder);
    // Cases opened on the newer part alone, untouched, whose every alert was withdrawn, were
    // closed by the system: the open cases are oldest first's.
    expect({ alerts: b.alerts, open: b.open, rules: b.rules }).toEqual({
      alerts: a.alerts,
      open: a.open,
      rules: a.rules,
    });
    expect(a.open).toBe(a.cases);
    expect(b.closes).toBe(b.cases - b.open);
    expect(b.closes).toBeGreaterThan(0);
    // Each case such an alert named got one entry by monitoring: the close, or a note.
    expect(b.named).toBeGreaterThan(0);
    expect(b.notes + b.closes).toBe(b.named);
    // Each withdrawal (whole, or some rules) is an event and an audit entry; the alert says why.
    const [{ changed, events, audited, id }] = await shardRows<{
      changed: number;
      events: number;
      audited: number;
      id: string;
    }>(
      newest,
      `SELECT (SELECT count(*) FROM monitoring_alerts WHERE tenant_id = ?1
          AND json_extract(detail, '$.withdrawal') IS NOT NULL) AS changed,
        (SELECT count(*) FROM events WHERE tenant_id = ?1 AND type = 'monitoring.alert_withdrawn') AS events,
        (SELECT count(*) FROM tenant_audit_log WHERE tenant_id = ?1 AND action = 'monitoring.alert_withdrawn') AS audited,
        (SELECT id FROM monitoring_alerts WHERE tenant_id = ?1 AND status = 'withdrawn' LIMIT 1) AS id`,
      newest.id,
    );
    // Some were narrowed: a rule raised on the whole history too, another only on the newer part.
    expect(changed).toBeGreaterThan(b.withdrawn);
    expect({ events, audited }).toEqual({ events: changed, audited: changed });
    const res = await call("GET", `/v1/monitoring/alerts/${id}`, { key: newest.key });
    const { alert } = (await res.json()) as { alert: { status: string; withdrawal: { reason: string } } };
    expect({ status: alert.status, reason: alert.withdrawal.reason }).toEqual({
      status: "withdrawn",
      reason: "late_history",
    });
  });
});
