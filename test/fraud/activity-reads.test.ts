import { env } from "cloudflare:workers";
import { type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { systemShardDb } from "../../src/db/system-db";
import { forTenant } from "../../src/db/tenant-db";
import { tenantSql } from "../../src/db/tenant-tables";
import { isAgentFloatLeg } from "../../src/modules/data/domain/agent-float";
import {
  type ActivityRow,
  activityOf,
  activityQuery,
  decodeActivity,
  entityActivityReads,
  loadActivity,
} from "../../src/modules/fraud/evaluation/repo";
import { planOf, recording, scoped } from "../foundation/plans";
import {
  createTenant,
  insertAccount,
  insertCustomer,
  insertTransactions,
  shardRows,
  type TestTenant,
} from "../harness";

/**
 * The activity reads ship their rows packed as JSON chunks built in SQLite (src/db/packed-rows.ts).
 * Whatever the chunking, they must answer exactly the rows a plain SELECT gives: same rows, newest
 * first (date, then id, descending), the same cap, numbers as numbers, nulls as nulls, and text
 * (quotes, backslashes, control characters, unicode) unchanged.
 */

const scope = (t: TestTenant) => ({ db: forTenant(systemShardDb(env, t.shard), t.id), tenantId: t.id });

const FROM = "2026-01-01T00:00:00.000Z";
const TO = "2026-03-31T23:59:59.999Z";

const TEXTS = [
  null,
  "quote \" and ' apostrophe",
  "back\\slash, tab\t, newline\n, bell \u0007",
  "unicode: café, 東京, עברית, emoji 🧾💸",
  '{"looks":"like json"}',
  "[1,2]",
  "",
  "x".repeat(500),
];

/**
 * The plain read the packed one replaces: one object per row, as D1 answers a SELECT, with what
 * the decoder derives (the instant; AML's columns, absent from a read without them).
 */
const plainRows = async (t: TestTenant, column: string, value: string, cap: number): Promise<ActivityRow[]> =>
  (
    await shardRows<Omit<ActivityRow, "at" | "cash" | "country" | "other">>(
      t,
      `SELECT amount_minor AS amountMinor, type, transaction_date AS transactionDate, category, status,
      description, coalesce(counterparty_account, counterparty_name) AS counterparty
    FROM transactions WHERE tenant_id = ? AND ${column} = ? AND transaction_date >= ? AND transaction_date <= ?
    ORDER BY transaction_date DESC, id DESC LIMIT ?`,
      t.id,
      value,
      FROM,
      TO,
      cap,
    )
  ).map((r) => ({
    ...r,
    at: Date.parse(r.transactionDate),
    cash: false,
    country: null,
    other: r.counterparty,
    float: isAgentFloatLeg(r.type, r.category),
  }));

/** `n` varied transactions of a new customer: some share a date (the id breaks the tie), some fall outside [FROM, TO]. */
async function customerWithActivity(t: TestTenant, n: number) {
  const customer = await insertCustomer(t);
  const account = await insertAccount(t, customer.id);
  const day = (i: number) => new Date(Date.parse(FROM) + (i % 20) * 86_400_000).toISOString();
  await insertTransactions(
    t,
    account,
    Array.from({ length: n }, (_, i) => ({
      amountMinor: i === 0 ? Number.MAX_SAFE_INTEGER : 100 + i * 37,
      type: i % 3 === 0 ? ("debit" as const) : ("credit" as const),
      transactionDate:
        i % 17 === 5 ? "2025-12-31T23:59:59.999Z" : i % 19 === 7 ? "2026-04-01T00:00:00.000Z" : day(i),
      category: i % 4 === 0 ? null : `cat-${i % 5}`,
      status: i % 6 === 0 ? "failed" : "completed",
      description: TEXTS[i % TEXTS.length] ?? null,
      counterpartyAccount: i % 5 === 0 ? `ACC-${i}` : null,
      counterpartyName: i % 2 === 1 ? `Näme "${i}"` : null,
    })),
  );
  return customer;
}

describe("fraud activity reads (packed rows)", () => {
  let t: TestTenant;
  let a: { id: string };
  let b: { id: string };
  let expectedA: ActivityRow[];

  beforeAll(async () => {
    t = await createTenant();
    a = await customerWithActivity(t, 60);
    b = await customerWithActivity(t, 25);
    // Another tenant's rows under the same customer id are never read.
    const other = await createTenant({ shard: t.shard });
    const account = await insertAccount(other, a.id);
    await insertTransactions(other, { id: account.id, customerId: a.id }, [
      { amountMinor: 1, transactionDate: "2026-02-01T00:00:00.000Z" },
    ]);
    expectedA = await plainRows(t, "customer_id", a.id, 1000);
  });

  it("the fixture exercises what the packing must keep: ties, nulls, out-of-range rows, odd text", () => {
    expect(expectedA.length).toBeGreaterThan(40);
    expect(expectedA.length).toBeLessThan(60);
    expect(
      expectedA.some((r) => r.description === null && r.category === null && r.counterparty === null),
    ).toBe(true);
    expect(new Set(expectedA.map((r) => r.description))).toEqual(new Set(TEXTS));
    expect(expectedA.some((r) => r.amountMinor === Number.MAX_SAFE_INTEGER)).toBe(true);
    const dates = expectedA.map((r) => r.transactionDate);
    expect(new Set(dates).size).toBeLessThan(dates.length);
  });

  it("one entity's rows over many chunks decode to the plain read's rows, in order", async () => {
    const chunkBytes = 700;
    const chunks = await activityQuery(
      scope(t),
      { column: "customer", value: a.id },
      { from: FROM, to: TO, cap: 1000 },
      chunkBytes,
    );
    expect(chunks.length).toBeGreaterThan(5);
    // No chunk holds more than its size plus the one row that crosses the mark (< 1 KB here).
    for (const c of chunks) expect(new TextEncoder().encode(c.rows).length).toBeLessThan(chunkBytes + 1000);
    expect(decodeActivity(chunks)).toStrictEqual(expectedA);
    expect(
      await loadActivity(
        scope(t),
        { column: "customer", value: crypto.randomUUID() },
        { from: FROM, to: TO, cap: 1000 },
      ),
    ).toStrictEqual([]);
    // One chunk (the default size) gives the same.
    expect(
      await loadActivity(scope(t), { column: "customer", value: a.id }, { from: FROM, to: TO, cap: 1000 }),
    ).toStrictEqual(expectedA);
  });

  it("chunks are sized in bytes, not characters (multi-byte text stays within the size)", async () => {
    const c = await insertCustomer(t);
    const account = await insertAccount(t, c.id);
    const rows = Array.from({ length: 12 }, (_, i) => ({
      amountMinor: i + 1,
      transactionDate: `2026-02-${String(i + 1).padStart(2, "0")}T00:00:00.000Z`,
      description: "€".repeat(400),
    }));
    await insertTransactions(t, account, rows);
    const rowBytes = 1300; // 1,200 bytes of euro signs and the other columns
    const chunks = await activityQuery(
      scope(t),
      { column: "customer", value: c.id },
      { from: FROM, to: TO, cap: 100 },
      2000,
    );
    for (const chunk of chunks)
      expect(new TextEncoder().encode(chunk.rows).length).toBeLessThan(2000 + rowBytes);
    expect(decodeActivity(chunks)).toStrictEqual(await plainRows(t, "customer_id", c.id, 100));
  });

  it("the cap keeps the newest rows", async () => {
    const range = { from: FROM, to: TO, cap: 7 };
    const chunks = await activityQuery(
      scope(t),
      { column: "account", value: await accountOf(a.id) },
      range,
      300,
    );
    expect(decodeActivity(chunks)).toStrictEqual(expectedA.slice(0, 7));
  });

  it("in a D1 batch with other statements, the packed read decodes to the same rows", async () => {
    const s = scope(t);
    const { items, decode } = entityActivityReads(
      s,
      { column: "customer", value: a.id },
      { from: FROM, to: TO, cap: 1000 },
      s.db.all<{ n: number }>(
        sql`SELECT count(*) AS n FROM transactions t WHERE ${tenantSql(s, "t")} AND t.customer_id = ${b.id}`,
      ),
    );
    const results = await s.db.batch(items);
    // A fitting entity's rows come whole, as one value.
    expect(results[1]).toMatchObject([{ n: expectedA.length, rows: expect.any(String) }]);
    const read = await decode(results);
    expect(read.found).toBe(true);
    expect(read.rows).toStrictEqual(expectedA);
    expect(read.before).toBe("2025-12-31T23:59:59.999Z");
    expect(read.extra).toStrictEqual([{ n: 25 }]);
  });

  it("an entity beyond the whole read's rows, bytes or cap is read in chunks: the same rows", async () => {
    const s = scope(t);
    const extra = s.db.all<{ n: number }>(
      sql`SELECT 1 AS n FROM transactions t WHERE ${tenantSql(s, "t")} LIMIT 1`,
    );
    const key = { column: "customer" as const, value: a.id };
    const range = { from: FROM, to: TO, cap: 1000 };
    const cases = [
      { range, limits: { rows: expectedA.length - 1, bytes: 1_000_000 }, expected: expectedA },
      { range, limits: { rows: 1000, bytes: 2_000 }, expected: expectedA },
      { range: { ...range, cap: 7 }, limits: undefined, expected: expectedA.slice(0, 7) },
      { range, limits: { rows: expectedA.length, bytes: 1_000_000 }, expected: expectedA, whole: true },
    ];
    for (const c of cases) {
      const { items, decode } = entityActivityReads(s, key, c.range, extra, { limits: c.limits });
      const results = await s.db.batch(items);
      const [whole] = results[1] as Array<{ n: number; rows: string | null }>;
      expect(whole?.rows === null).toBe(!c.whole);
      expect((await decode(results)).rows).toStrictEqual(c.expected);
    }
    // No rows at all: found, and empty.
    const none = entityActivityReads(
      s,
      { column: "customer", value: b.id },
      { from: TO, to: TO, cap: 5 },
      extra,
    );
    const read = await none.decode(await s.db.batch(none.items));
    expect(read).toMatchObject({ found: true, rows: [] });
  });

  it("a page of entities: each entity's rows over many chunks, capped per entity; one without rows is absent", async () => {
    const expectedB = await plainRows(t, "customer_id", b.id, 1000);
    const range = { from: FROM, to: TO, before: FROM, cap: 1000 };
    const ids = [b.id, a.id, crypto.randomUUID()];
    const { activity } = await activityOf(scope(t), "customer", ids, range, 500);
    expect([...activity.keys()].sort()).toEqual([a.id, b.id].sort());
    expect(activity.get(a.id)).toStrictEqual(expectedA);
    expect(activity.get(b.id)).toStrictEqual(expectedB);
    const capped = await activityOf(scope(t), "customer", ids, { ...range, cap: 9 }, 500);
    expect(capped.activity.get(a.id)).toStrictEqual(expectedA.slice(0, 9));
    expect(capped.activity.get(b.id)).toStrictEqual(expectedB.slice(0, 9));
  });

  const accountOf = async (customerId: string) =>
    (
      await shardRows<{ id: string }>(
        t,
        "SELECT id FROM accounts WHERE tenant_id = ? AND customer_id = ?",
        t.id,
        customerId,
      )
    )[0]!.id;
});

describe("fraud activity reads (query plans)", () => {
  it("seek each entity's rows in index order: the packing sorts only chunks, never the history", async () => {
    const { shard, scope: s } = await scoped();
    const range = { from: "2026-01-01", to: "2026-02-01", cap: 20_000 };
    const one = await planOf(shard, activityQuery(s, { column: "customer", value: "c1" }, range));
    const { scope: rec, statements } = recording(s);
    await activityOf(rec, "customer", ["c1", "c2"], { ...range, before: range.from });
    const page = await planOf(shard, statements[0] as SQL);
    for (const plan of [one, page]) {
      expect(
        plan.some((d) =>
          d.startsWith("SEARCH t USING INDEX transactions_customer_idx (tenant_id=? AND customer_id=?"),
        ),
      ).toBe(true);
      expect(plan.filter((d) => d.includes("TEMP B-TREE"))).toEqual([
        "USE TEMP B-TREE FOR GROUP BY",
        "USE TEMP B-TREE FOR group_concat(ORDER BY)",
      ]);
    }
  });
});
