import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { TenantScope } from "../../src/db/client";
import { tenantScope } from "../../src/db/tenant-context";
import { mulberry32 } from "../../src/lib/random";
import { entityFeatures, entityRowsFrom, readStart } from "../../src/modules/aml/domain/entity-features";
import { type EntityFeatures, emptyFeatures } from "../../src/modules/aml/domain/features";
import { proposedTx, windowCustomer } from "../../src/modules/aml/evaluation/reads/service";
import { entityEdgesRead, entityRowsRead } from "../../src/modules/aml/features/entity-rows/repo";
import { type FeatureQuery, loadFeatures } from "../../src/modules/aml/features/repo";
import { FAILED_STATUSES, type ProposedTransactionRow } from "../../src/modules/data/read-model";
import type { AmlEntityType } from "../../src/modules/detection/domain/aml/rules";
import { mergeThresholds } from "../../src/modules/detection/domain/aml/thresholds";
import { entityActivityReads } from "../../src/modules/fraud/evaluation/repo";
import { amlRowsOf } from "../../src/modules/monitoring/pre-transaction/service";
import { createTenant, insertAccount, insertCustomer, insertTransactions, type TestTenant } from "../harness";

/**
 * One entity's features computed in JavaScript from its rows (pre-transaction screening and
 * evaluate) must equal what the set-based statement computes in SQL (backtests, monitoring pages),
 * or a rule would fire on one path and not the other. Generated histories aim at the edges: ties
 * on one instant, rows on the window's bounds and on sliding frames' edges, failed statuses,
 * mixed-case channels and countries, long silences inside and beyond the dormancy lookback.
 */

const DAY = 86_400_000;
const WINDOW_END = "2026-11-20T12:00:00.000Z";

/** Uniform numbers in [0, 1) from a seed, so a failing history can be replayed by its seed. */
const random = (seed: number) => {
  const next = mulberry32(seed);
  return () => next() / 4294967296;
};

interface History {
  seed: number;
  windowStart: string;
  thresholds: Record<string, number>;
  homeCountry: string | null;
  counterparty: string;
  merchant: string;
  agent: string;
  rows: Array<Parameters<typeof insertTransactions>[2][number]>;
  proposed: Omit<ProposedTransactionRow, "tenant_id" | "customer_id" | "account_id"> | null;
}

function history(seed: number): History {
  const r = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const end = Date.parse(WINDOW_END);
  const windowDays = pick([7, 30, 90]);
  const start = end - windowDays * DAY;
  const thresholds = mergeThresholds({
    structuringWindowDays: pick([1, 3, 7]),
    velocityWindowHours: pick([1, 6, 24]),
    rapidMovementDays: pick([1, 2, 4]),
    rapidMovementMinAmount: pick([500, 20_000]),
    roundAmountUnit: pick([100, 1_000]),
    profileWindowDays: pick([7, 30, 90]),
  });
  const counterparty = `cp-${seed}`;
  const merchant = `Shop ${seed}`;
  const agent = `AGT-${seed}`;
  const dates: number[] = [];
  const date = () => {
    const roll = r();
    let at: number;
    if (dates.length && roll < 0.15)
      at = pick(dates); // a tie on one instant
    else if (dates.length && roll < 0.25)
      at =
        pick(dates) +
        pick([
          thresholds.velocityWindowHours! * 3_600_000 - 1000,
          thresholds.velocityWindowHours! * 3_600_000,
        ]);
    else if (roll < 0.3)
      at = pick([start, end]); // on the window's bounds
    else if (roll < 0.36)
      at = start - Math.floor(r() * 1_200) * DAY - 3_600_000; // long before (dormancy)
    else at = start - 3 * DAY + Math.floor(r() * (windowDays + 4) * DAY);
    dates.push(at);
    return new Date(at).toISOString();
  };
  const amount = () =>
    pick([
      4_600_000 + Math.floor(r() * 400_000), // the structuring band under GHS 50,000
      5_000_000 + Math.floor(r() * 3) * 100_000, // large cash
      Math.floor(1 + r() * 20) * 100_000, // round
      Math.floor(1 + r() * 500_000),
      2_000_000 + Math.floor(r() * 3_000_000), // rapid-movement credits
    ]);
  const n = Math.floor(r() * 70);
  const rows = Array.from({ length: n }, () => {
    const named = r();
    return {
      transactionDate: date(),
      amountMinor: amount(),
      type: pick(["credit", "debit"] as const),
      status: pick(["completed", "completed", "completed", "failed", "reversed", "pending", "declined"]),
      channel: pick(["cash", "CASH", "Cash", "mobile_money", "bank_transfer", null]),
      // Agent float legs (data/domain/agent-float.ts) and others, in the cases ingest may store.
      category: pick(["cash_in", "CASH_OUT", " Float_Topup ", "float_sweep", "purchase", null]),
      counterpartyCountry: pick(["GH", "gh", "NG", "KP", "ir", "US", null]),
      counterpartyAccount: named < 0.3 ? counterparty : named < 0.5 ? `acct-${Math.floor(r() * 6)}` : null,
      counterpartyName: named < 0.7 ? pick(["Ama", "Kofi", "Yaw", counterparty]) : null,
      merchantName: r() < 0.5 ? merchant : null,
      agentId: r() < 0.5 ? agent : null,
    };
  });
  const proposed =
    r() < 0.4
      ? {
          id: `proposed:${seed}`,
          agent_id: agent,
          type: pick(["credit", "debit"] as const),
          category: null,
          amount_minor: amount(),
          description: null,
          status: "completed",
          transaction_date: new Date(end).toISOString(),
          merchant_name: merchant,
          channel: pick(["cash", "mobile_money"]),
          counterparty_name: counterparty,
          counterparty_account: null,
          counterparty_country: pick(["KP", "NG", null]),
        }
      : null;
  return {
    seed,
    windowStart: new Date(start).toISOString(),
    thresholds,
    homeCountry: pick(["GH", null]),
    counterparty,
    merchant,
    agent,
    rows,
    proposed,
  };
}

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "AML entity features", shard: 0 });
});

async function compare(h: History) {
  const customer = await insertCustomer(t, { businessInfo: { industry: `industry ${h.seed}` } });
  const account = await insertAccount(t, customer.id!);
  if (h.rows.length) await insertTransactions(t, { id: account.id!, customerId: customer.id! }, h.rows);
  const scope = tenantScope(env, t.shard, t.id);
  const proposed = h.proposed && {
    ...h.proposed,
    tenant_id: t.id,
    customer_id: customer.id!,
    account_id: account.id!,
  };
  const entities: Array<[AmlEntityType, string]> = [
    ["customer", customer.id!],
    ["account", account.id!],
    ["counterparty", h.counterparty],
    ["merchant", h.merchant],
    ["agent", h.agent],
  ];
  const out: EntityFeatures[] = [];
  for (const [entityType, entityId] of entities) {
    const q = {
      entityType,
      entityId,
      windowStart: h.windowStart,
      windowEnd: WINDOW_END,
      thresholds: h.thresholds,
      highRiskCountries: ["KP", "IR"],
      homeCountry: h.homeCountry,
      proposed,
    };
    const bySql = (await loadFeatures(scope, q)).get(entityId) ?? emptyFeatures(entityId);
    const byJs = (await byJavaScript(scope, q, [entityId])).get(entityId);
    expect(byJs, `seed ${h.seed} ${entityType}`).toEqual(bySql);
    out.push(bySql);
    if (entityType === "customer" || entityType === "account")
      for (const p of proposals(h, proposed)) {
        const query = { ...q, proposed: p ?? undefined };
        const expected = (await loadFeatures(scope, query)).get(entityId) ?? emptyFeatures(entityId);
        const given = await fromFraudRows(scope, query, entityType, entityId);
        // Null only when the proposed row shares an instant with a stored window row (screening then reads itself).
        if (given === null)
          expect(p && h.rows.some((r) => r.transactionDate === p.transaction_date)).toBe(true);
        else
          expect(given, `seed ${h.seed} ${entityType} given rows, proposed ${p?.transaction_date}`).toEqual(
            expected,
          );
        sharedChecked += given === null ? 0 : 1;
      }
  }
  paged.customer.push(customer.id!);
  paged.account.push(account.id!);
  return out;
}

/** Histories compared through fraud's rows (pre-transaction screening's path). */
let sharedChecked = 0;

/**
 * The proposed rows screening may bring: the history's own (at the window's end), and the same
 * dated inside the window, on a stored row's instant, before the window, with a failed status;
 * and none.
 */
function proposals(
  h: History,
  proposed: ProposedTransactionRow | null,
): Array<ProposedTransactionRow | null> {
  if (!proposed) return [null];
  const inside = new Date((Date.parse(h.windowStart) + Date.parse(WINDOW_END)) / 2 + h.seed).toISOString();
  const before = new Date(Date.parse(h.windowStart) - (10 + h.seed) * DAY).toISOString();
  const stored = h.rows.find((r) => r.transactionDate! >= h.windowStart)?.transactionDate;
  return [
    proposed,
    { ...proposed, transaction_date: inside },
    { ...proposed, transaction_date: before },
    { ...proposed, transaction_date: inside, status: "failed" },
    ...(stored ? [{ ...proposed, transaction_date: stored }] : []),
  ];
}

/**
 * Screening's path: the entity's rows from fraud's whole read (every status, over a range that
 * starts before the window, AML's columns), the edges read, entityRowsFrom, then the features.
 */
async function fromFraudRows(
  scope: TenantScope,
  q: FeatureQuery & { entityId: string },
  entityType: "customer" | "account",
  entityId: string,
) {
  // From before the previous window (the fan rules' normal) or the profile window, as screening checks.
  const start = readStart(q.windowStart, q.windowEnd, q.thresholds);
  const from = new Date(Date.parse(start) - 7 * DAY).toISOString();
  const customer = q.proposed ? windowCustomer(q.proposed, q.windowStart, q.windowEnd) : null;
  const extra = entityEdgesRead(scope, { ...q, entityId }, customer);
  const fraud = entityActivityReads(
    scope,
    { column: entityType, value: entityId },
    { from, to: q.windowEnd, cap: 20_000 },
    extra.item,
    { amlColumns: true },
  );
  const read = await fraud.decode(await scope.db.batch(fraud.items));
  expect(read.withAml).toBe(true);
  const given = amlRowsOf({ withAml: { from, rows: read.rows } })!;
  const p = q.proposed;
  const rows = entityRowsFrom({
    newestFirst: given.rows,
    proposed: p ? proposedTx(entityType, p) : null,
    windowStart: q.windowStart,
    windowEnd: q.windowEnd,
    from: start,
    ...extra.decode(read.extra),
    failedStatuses: FAILED_STATUSES,
  });
  return rows && entityFeatures(rows, q);
}

/** Entities inserted by the histories, for the page comparison. */
const paged = { customer: [] as string[], account: [] as string[] };

/** The JavaScript path: one read (of one entity or a page), the features per entity. */
async function byJavaScript(scope: TenantScope, q: FeatureQuery, ids: string[]) {
  const read = entityRowsRead(scope, q);
  const reads = read.decode(await read.item);
  return new Map(
    ids.map((id) => {
      const rows = reads.get(id);
      expect(rows, id).not.toBeNull(); // none of these has more rows than a read ships
      return [id, rows ? entityFeatures(rows, { ...q, entityId: id }) : emptyFeatures(id)];
    }),
  );
}

describe("one entity's features in JavaScript equal the set-based statement's", () => {
  it("over generated histories (ties, bounds, frame edges, failed rows, dormancy, proposed rows)", async () => {
    const seen: EntityFeatures[] = [];
    for (let seed = 1; seed <= 60; seed++) seen.push(...(await compare(history(seed))));
    // The histories reach every family's edge cases, or the equality above would prove little.
    const reached = (hit: (f: EntityFeatures) => boolean) => seen.filter(hit).length;
    expect(reached((f) => f.structuringMaxCount >= 2)).toBeGreaterThan(5);
    expect(reached((f) => f.velocityMaxCount >= 3)).toBeGreaterThan(5);
    expect(reached((f) => f.rapidRatioPercent !== null)).toBeGreaterThan(5);
    expect(reached((f) => (f.dormancyGapDays ?? 0) >= 180)).toBeGreaterThan(5);
    expect(reached((f) => f.highRiskCount > 0 && f.crossBorderCount > 0)).toBeGreaterThan(5);
    expect(reached((f) => f.fanInCounterparties >= 2 && f.declaredBusiness !== null)).toBeGreaterThan(5);
    expect(sharedChecked).toBeGreaterThan(100);
  }, 120_000);

  it("over a page of those entities (monitoring), per entity", async () => {
    expect(paged.customer.length).toBe(60);
    const scope = tenantScope(env, t.shard, t.id);
    for (const entityType of ["customer", "account"] as const) {
      const q = {
        entityType,
        entityIds: paged[entityType],
        windowStart: new Date(Date.parse(WINDOW_END) - 30 * DAY).toISOString(),
        windowEnd: WINDOW_END,
        thresholds: mergeThresholds({ structuringWindowDays: 3, velocityWindowHours: 6 }),
        highRiskCountries: ["KP"],
        homeCountry: "GH",
      };
      const bySql = await loadFeatures(scope, q);
      const byJs = await byJavaScript(scope, q, paged[entityType]);
      for (const id of paged[entityType])
        expect(byJs.get(id), id).toEqual(bySql.get(id) ?? emptyFeatures(id));
      expect([...byJs.values()].filter((f) => f.txCount > 0).length).toBeGreaterThan(40);
    }
  });

  it("an entity with more rows, or a longer other party, than the read ships decodes to null (the caller reads by statement)", async () => {
    const customer = await insertCustomer(t);
    const account = await insertAccount(t, customer.id!);
    const at = (hours: number) => new Date(Date.parse(WINDOW_END) - hours * 3_600_000).toISOString();
    await insertTransactions(
      t,
      { id: account.id!, customerId: customer.id! },
      Array.from({ length: 6 }, (_, i) => ({
        amountMinor: 100 + i,
        transactionDate: at(i + 1),
        counterpartyName: `${"é".repeat(10)}${String(i).repeat(10)}`,
      })),
    );
    const scope = tenantScope(env, t.shard, t.id);
    const q = {
      entityType: "customer" as const,
      entityId: customer.id!,
      windowStart: at(48),
      windowEnd: WINDOW_END,
      thresholds: mergeThresholds(),
      highRiskCountries: [],
      homeCountry: "GH",
    };
    const read = async (query: FeatureQuery, limits: { rows: number; otherChars: number }) => {
      const r = entityRowsRead(scope, query, limits);
      return (await r.item.then(r.decode)).get(customer.id!);
    };
    // One entity (no window function) and a page (rows numbered per entity) cap alike.
    const page = { ...q, entityId: undefined, entityIds: [customer.id!, "someone-else"] };
    for (const query of [q, page]) {
      expect(await read(query, { rows: 5, otherChars: 100 })).toBeNull();
      // Other parties of 20 characters: one of 19 at most is too few to ship them whole.
      expect(await read(query, { rows: 6, otherChars: 19 })).toBeNull();
      const fetched = await read(query, { rows: 6, otherChars: 20 });
      expect(fetched?.transactions.map((x) => x.amountMinor)).toEqual([105, 104, 103, 102, 101, 100]);
      expect(fetched?.transactions[0]?.other).toBe(`${"é".repeat(10)}${"5".repeat(10)}`);
      expect(entityFeatures(fetched!, q)).toEqual((await loadFeatures(scope, q)).get(customer.id!));
    }
  });
});
