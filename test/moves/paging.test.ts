import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { systemShardBinding } from "../../src/db/system-db";
import { largeTenantSql, PRIMARY_KEY_PAGING_ROWS, pageQuery } from "../../src/db/tenant-page-sql";
import {
  deleteKeysStatement,
  deletePageStatement,
  type RowPage,
  readPage,
  tableShape,
} from "../../src/db/tenant-rows";
import { tenantTable } from "../../src/db/tenant-table-list";
import { createTenant, shardRows, type TestTenant } from "../harness";

/**
 * The keyset pager every move, export and erasure walks a tenant with. A page must cost about a
 * page, not the tenant: with a plain `tenant_id = ?` SQLite sorted all the tenant's rows for
 * every page, so a move of 1,000,000 transactions read 1,000,000 rows 2,000 times per side
 * (the bench's queue messages ran for seconds each and local workerd dropped its connections).
 */
const LARGE = PRIMARY_KEY_PAGING_ROWS * 2.5;
const SMALL = 50;
const PAGE = 500;
let large: TestTenant;
let small: TestTenant;

async function insertTransactions(t: TestTenant, n: number) {
  await systemShardBinding(env, t.shard)
    .prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i < ?2 - 1)
       INSERT INTO transactions (id, tenant_id, customer_id, account_id, external_id, external_source, type,
         amount_minor, currency, status, transaction_date, channel, created_at)
       SELECT lower(hex(randomblob(16))), ?1, 'c', 'a', 'p-' || i, 'paging', 'credit', i, 'GHS', 'completed',
         '2026-01-01T00:00:00.000Z', 'cash', '2026-01-01T00:00:00.000Z' FROM seq`,
    )
    .bind(t.id, n)
    .run();
}

beforeAll(async () => {
  large = await createTenant({ name: "Large", shard: 0 });
  small = await createTenant({ name: "Small", shard: 0 });
  await insertTransactions(large, LARGE);
  await insertTransactions(small, SMALL);
}, 300_000);

const idsOf = async (t: TestTenant) =>
  (
    await shardRows<{ id: string }>(t, "SELECT id FROM transactions WHERE tenant_id = ?1 ORDER BY id", t.id)
  ).map((r) => r.id);

/** Rows SQLite read for one page (D1's meta.rows_read): the size probe, then the page its answer picks, as readPage runs them. */
async function rowsReadForPage(t: TestTenant, after: string | null) {
  const db = systemShardBinding(env, t.shard);
  const table = tenantTable("transactions");
  const probe = await db.prepare(largeTenantSql(table)).bind(t.id).all<{ large: number }>();
  const { sql, params } = pageQuery(
    table,
    t.id,
    { after, limit: PAGE },
    "key",
    Boolean(probe.results[0].large),
  );
  const page = await db
    .prepare(sql)
    .bind(...params)
    .all();
  expect(page.results).toHaveLength(Math.min(PAGE, t === large ? LARGE : SMALL));
  return probe.meta.rows_read + page.meta.rows_read;
}

describe("the tenant pager", () => {
  it("walks a large and a small tenant in key order, every row once, including ranges capped by upTo", async () => {
    const db = systemShardBinding(env, 0);
    const shape = await tableShape(db, tenantTable("transactions"));
    for (const t of [large, small]) {
      const expected = await idsOf(t);
      const seen: string[] = [];
      let after: string | null = null;
      for (;;) {
        const page: RowPage = await readPage(db, shape, t.id, {
          after,
          limit: PAGE,
        });
        // The size probe is asked again for a small tenant, remembered for a large one.
        if (after !== null) expect(page.statements).toBe(t === large ? 1 : 2);
        seen.push(...page.keys.map((k) => (JSON.parse(k) as string[])[0]));
        // Each row's content is the shape's columns and nothing else (the key columns the
        // compound statement adds for its ORDER BY stay out of it).
        for (const row of page.rows) expect(JSON.parse(row)).toHaveLength(shape.columns.length);
        if (page.keys.length < PAGE) break;
        after = page.keys[page.keys.length - 1];
      }
      expect(seen).toEqual(expected);
      const upTo = JSON.stringify([expected[Math.min(9, expected.length - 1)]]);
      const capped = await readPage(db, shape, t.id, { after: null, upTo, limit: PAGE }, "key");
      expect(capped.keys).toEqual(expected.slice(0, 10).map((id) => JSON.stringify([id])));
      // An exported row reads exactly as SELECT * gives it.
      const [row] = (await readPage(db, shape, t.id, { after: null, limit: 1 }, "row")).rows;
      const [stored] = await shardRows<Record<string, unknown>>(
        t,
        "SELECT * FROM transactions WHERE id = ?1",
        expected[0],
      );
      expect(row).toEqual(stored);
    }
  }, 120_000);

  it("reads about a page (plus a bounded probe) for a large tenant, and only its own rows for a small one", async () => {
    const ids = await idsOf(large);
    const middle = await rowsReadForPage(large, JSON.stringify([ids[LARGE / 2]]));
    // Sorting the whole tenant would read all LARGE rows; the bound is the probe plus the page.
    expect(middle).toBeLessThan(PRIMARY_KEY_PAGING_ROWS + 3 * PAGE);
    // Walking the key for the small tenant would pass over the large tenant's rows between its own.
    expect(await rowsReadForPage(small, null)).toBeLessThan(4 * SMALL);
  }, 60_000);

  it("deletes a page of a large tenant by key lookups, not by walking the tenant's rows", async () => {
    const db = systemShardBinding(env, 0);
    const table = tenantTable("transactions");
    const before = (await idsOf(large)).length;
    const purged = await deletePageStatement(db, table, large.id, PAGE).run();
    expect(purged.results).toHaveLength(PAGE);
    const keys = (await idsOf(large)).slice(0, 10).map((id) => JSON.stringify([id]));
    const repaired = await deleteKeysStatement(db, await tableShape(db, table), large.id, keys).run();
    expect(await idsOf(large)).toHaveLength(before - PAGE - 10);
    // Walking the tenant's index would read every remaining row (about LARGE) for each delete.
    expect(purged.meta.rows_read).toBeLessThan(LARGE / 5);
    expect(repaired.meta.rows_read).toBeLessThan(LARGE / 5);
  }, 60_000);
});
