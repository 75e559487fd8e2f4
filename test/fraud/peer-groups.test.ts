import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { systemShardDb } from "../../src/db/system-db";
import { jobs } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { MIN_PEERS } from "../../src/modules/data/domain/peer-stats";
import {
  call,
  createTenant,
  insertAccount,
  insertCustomer,
  json,
  shardRows,
  type TestTenant,
} from "../harness";

/**
 * Peer groups (docs/methodology/peers.md) through the real path: 21 market traders who each take
 * 22 payments from 22 payers this week, one who takes 21 (a burst for itself, with no history, but
 * ordinary for a trader) and one who takes 40 (unusual for both). The peers' bar is derived from
 * the data: 23 members, count and distinct payers sorted [21, 22 x 21, 40]: median 22, MAD 0,
 * 95th percentile 22 (rank 22 x 0.95 = 20.9 lies between two 22s), so the bar is 22.
 */

const PEERS = MIN_PEERS + 1;
const USUAL = 22;
const HOUR = 3_600_000;

let t: TestTenant;
const trader: Record<"ordinary" | "unusual", string> = { ordinary: "", unusual: "" };

/** `n` credits of 1,000.00 from `n` distinct payers over the last 5 days (one batch). */
async function payments(account: { id: string; customerId: string }, n: number) {
  const db = systemShardDb(env, t.shard).$client;
  const insert = db.prepare(
    `INSERT INTO transactions (id, tenant_id, customer_id, account_id, external_id, external_source, type,
       amount_minor, currency, status, transaction_date, counterparty_account, created_at)
     VALUES (?1, ?2, ?3, ?4, ?5, 'test', 'credit', 100000, 'GHS', 'completed', ?6, ?7, ?8)`,
  );
  const now = Date.now();
  await db.batch(
    Array.from({ length: n }, (_, i) =>
      insert.bind(
        crypto.randomUUID(),
        t.id,
        account.customerId,
        account.id,
        `${account.id}-${i}`,
        new Date(now - HOUR - i * ((5 * 24 * HOUR) / n)).toISOString(),
        `PAYER-${account.id}-${i}`,
        new Date(now).toISOString(),
      ),
    ),
  );
}

async function marketTrader(n: number) {
  const customer = await insertCustomer(t, { type: "business", vertical: "market trading" });
  const account = await insertAccount(t, customer.id);
  await payments(account, n);
  return customer.id;
}

const fraudFired = async (customerId: string) => {
  const res = await call("POST", "/v1/fraud/evaluate", {
    key: t.key,
    body: {
      entityType: "customer",
      entityId: customerId,
      signalIds: ["velocity_count", "many_counterparties"],
    },
  });
  expect(res.status).toBe(200);
  const body = await json<{ alert: { triggeredSignals: Array<{ signalId: string }> } }>(res);
  return body.alert.triggeredSignals.map((s) => s.signalId).sort();
};

const amlFired = async (customerId: string) => {
  const res = await call("POST", "/v1/kyc-aml/evaluate", {
    key: t.key,
    body: { entityType: "customer", entityId: customerId, ruleIds: ["AML-FIN-008"], dryRun: true },
  });
  expect(res.status).toBe(200);
  const body = await json<{ result: { triggeredRules: Array<{ ruleId: string; triggered: boolean }> } }>(res);
  return body.result.triggeredRules.filter((r) => r.triggered).map((r) => r.ruleId);
};

beforeAll(async () => {
  t = await createTenant({ name: "Peer groups", shard: 1, settings: { monitoring: { onArrival: false } } });
  for (let i = 0; i < PEERS; i++) await marketTrader(USUAL);
  trader.ordinary = await marketTrader(USUAL - 1);
  trader.unusual = await marketTrader(40);
});

describe("peer groups", () => {
  it("without peer statistics the entity's own history alone decides: both fire", async () => {
    // No baseline: velocity_count needs its floor of 20, many_counterparties 15, AML-FIN-008 5.
    expect(await fraudFired(trader.ordinary)).toEqual(["many_counterparties", "velocity_count"]);
    expect(await amlFired(trader.ordinary)).toEqual(["AML-FIN-008"]);
  });

  it("the after-arrival job stores each group's robust statistics, once per change", async () => {
    await jobHandlers["monitoring.network"](env, jobs.monitoringNetwork(t.id));
    const rows = await shardRows<{ peer_group: string; members: number; stats: string }>(
      t,
      "SELECT peer_group, members, stats FROM peer_group_stats WHERE tenant_id = ? ORDER BY peer_group",
      t.id,
    );
    const group = rows.find((r) => r.peer_group === "customer|business|market trading|-");
    expect(group?.members).toBe(PEERS + 2);
    const stats = JSON.parse(group!.stats);
    expect(stats.count7).toMatchObject({ median: USUAL, mad: 0, q95: USUAL });
    expect(stats.senders30).toMatchObject({ median: USUAL, mad: 0, q95: USUAL });
    // Accounts are grouped too (account type, the customer's segment and type).
    expect(rows.map((r) => r.peer_group)).toContain("account|current|market trading|business");
    const [run] = await shardRows<{ computed_at: string; entities: number }>(
      t,
      "SELECT computed_at, entities FROM peer_stats_runs WHERE tenant_id = ?",
      t.id,
    );
    expect(run.entities).toBe(2 * (PEERS + 2));
    // Nothing arrived since: the next job leaves the statistics as they are.
    await jobHandlers["monitoring.network"](env, jobs.monitoringNetwork(t.id));
    const [again] = await shardRows<{ computed_at: string }>(
      t,
      "SELECT computed_at FROM peer_stats_runs WHERE tenant_id = ?",
      t.id,
    );
    expect(again.computed_at).toBe(run.computed_at);
  });

  it("unusual for itself but ordinary for its peers: nothing fires", async () => {
    expect(await fraudFired(trader.ordinary)).toEqual([]);
    expect(await amlFired(trader.ordinary)).toEqual([]);
  });

  it("unusual for itself and for its peers: the rules fire, naming the peers' bar", async () => {
    expect(await fraudFired(trader.unusual)).toEqual(["many_counterparties", "velocity_count"]);
    expect(await amlFired(trader.unusual)).toEqual(["AML-FIN-008"]);
    const res = await call("POST", "/v1/fraud/evaluate", {
      key: t.key,
      body: { entityType: "customer", entityId: trader.unusual, signalIds: ["velocity_count"] },
    });
    const body = await json<{
      alert: { triggeredSignals: Array<{ evidence: Array<{ field: string; threshold: string }> }> };
    }>(res);
    expect(body.alert.triggeredSignals[0].evidence).toContainEqual(
      expect.objectContaining({ field: "peers.count7", threshold: String(USUAL) }),
    );
  });
});
