import { beforeAll, describe, expect, it } from "vitest";
import { openCase } from "../fraud/helpers";
import { gql } from "../graphql/helpers";
import {
  call,
  createTenant,
  insertAccount,
  insertCustomer,
  insertTransactions,
  json,
  shardRows,
  type TestTenant,
} from "../harness";

/** Cursor pagination beside offsets (docs/decisions/pagination.md). */

interface Paging {
  total: number;
  limit: number;
  offset: number;
  hasMore: boolean;
  nextCursor: string | null;
}
interface Page {
  data: { id: string }[];
  pagination?: Paging;
  nextCursor?: string | null;
  total?: number;
  offset?: number;
  hasMore?: boolean;
}
interface ErrorBody {
  error: { code: string; details?: { path: string }[] };
}

const paging = (body: Page): Paging => body.pagination ?? (body as unknown as Paging);
const withQuery = (path: string, extra: string) => `${path}${path.includes("?") ? "&" : "?"}${extra}`;

async function page(t: TestTenant, path: string) {
  const res = await call("GET", path, { key: t.key });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<Page>(res);
}

/** Every id of a list, page by page through nextCursor; checks the page fields on the way. */
async function walkByCursor(
  t: TestTenant,
  path: string,
  limit: number,
  between?: (n: number) => Promise<void>,
) {
  const ids: string[] = [];
  let body = await page(t, withQuery(path, `limit=${limit}`));
  const total = paging(body).total;
  for (let n = 1; ; n++) {
    const p = paging(body);
    expect(p.offset).toBe(ids.length);
    expect(p.total).toBe(total); // as of the first page
    ids.push(...body.data.map((r) => r.id));
    expect(p.hasMore).toBe(p.nextCursor !== null);
    if (p.nextCursor === null) break;
    expect(body.data).toHaveLength(limit);
    if (n > 100) throw new Error("the walk does not end");
    await between?.(n);
    body = await page(t, withQuery(path, `limit=${limit}&cursor=${p.nextCursor}`));
  }
  return { ids, total };
}

async function walkByOffset(t: TestTenant, path: string, limit: number) {
  const ids: string[] = [];
  for (let offset = 0; ; offset += limit) {
    const body = await page(t, withQuery(path, `limit=${limit}&offset=${offset}`));
    ids.push(...body.data.map((r) => r.id));
    if (!paging(body).hasMore) return ids;
  }
}

const firstCursor = async (t: TestTenant, path: string, limit = 2) => {
  const cursor = paging(await page(t, withQuery(path, `limit=${limit}`))).nextCursor;
  expect(cursor).not.toBeNull();
  return cursor as string;
};

const expect400OnCursor = async (t: TestTenant, path: string) => {
  const res = await call("GET", path, { key: t.key });
  expect(res.status).toBe(400);
  expect((await json<ErrorBody>(res)).error.details?.map((d) => d.path)).toContain("cursor");
};

let a: TestTenant;
let b: TestTenant;
let customerOfA: string;
const SAME_INSTANT = "2026-03-01T10:00:00.000Z";

beforeAll(async () => {
  a = await createTenant({ name: "Cursor A", shard: 0 });
  b = await createTenant({ name: "Cursor B", shard: 0 });
  // 23 customers: some share a createdAt, so only the id tie-break orders them.
  for (let i = 0; i < 23; i++) {
    const createdAt = i % 4 === 0 ? SAME_INSTANT : new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
    const row = await insertCustomer(a, { createdAt, status: i % 3 === 0 ? "inactive" : "active" });
    customerOfA ??= row.id;
  }
  for (let i = 0; i < 4; i++) await insertCustomer(b);
  const account = await insertAccount(a, customerOfA);
  await insertTransactions(
    a,
    account,
    Array.from({ length: 17 }, (_, i) => ({
      amountMinor: 100 + i,
      transactionDate: i % 3 === 0 ? SAME_INSTANT : new Date(Date.UTC(2026, 1, 1 + i)).toISOString(),
    })),
  );
});

describe("cursor pages give what offset pages give", () => {
  for (const path of ["/v1/customers", "/v1/customers?status=active", "/v1/transactions"]) {
    it(`${path}: every row once, in the offset order, with the first page's total`, async () => {
      const byOffset = await walkByOffset(a, path, 4);
      const { ids, total } = await walkByCursor(a, path, 4);
      expect(ids).toEqual(byOffset);
      expect(new Set(ids).size).toBe(ids.length);
      expect(total).toBe(ids.length);
    });
  }

  it("transactions of one customer (a filtered list) walk the same way", async () => {
    const path = `/v1/transactions?customerId=${customerOfA}`;
    expect((await walkByCursor(a, path, 5)).ids).toEqual(await walkByOffset(a, path, 5));
  });

  it("fraud cases (pagination fields at the top level) walk the same way", async () => {
    for (let i = 0; i < 7; i++) await openCase(a);
    const byOffset = await walkByOffset(a, "/v1/fraud/cases", 3);
    const { ids } = await walkByCursor(a, "/v1/fraud/cases", 3);
    expect(byOffset).toHaveLength(7);
    expect(ids).toEqual(byOffset);
  });
});

describe("stable under concurrent inserts", () => {
  it("customers inserted between pages neither repeat nor hide rows of the walk", async () => {
    const before = await walkByOffset(b, "/v1/customers", 50);
    const insertedOld: string[] = [];
    const { ids } = await walkByCursor(b, "/v1/customers", 1, async (n) => {
      // A newer customer lands before the walk's position (an offset walk would repeat a row);
      // an older one lands after it and is met further on.
      await insertCustomer(b);
      if (n === 1) insertedOld.push((await insertCustomer(b, { createdAt: "2020-01-01T00:00:00.000Z" })).id);
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...before, ...insertedOld]);
  });

  it("fraud cases opened between pages do not shift the walk", async () => {
    const t = await createTenant({ name: "Cursor cases" });
    for (let i = 0; i < 5; i++) await openCase(t);
    const before = await walkByOffset(t, "/v1/fraud/cases", 10);
    const { ids } = await walkByCursor(t, "/v1/fraud/cases", 2, async () => {
      await openCase(t);
    });
    expect(ids).toEqual(before);
  });
});

describe("cursor checks", () => {
  it("a malformed or edited cursor is a 400 naming cursor", async () => {
    const cursor = await firstCursor(a, "/v1/customers");
    await expect400OnCursor(a, "/v1/customers?cursor=not-a-cursor");
    await expect400OnCursor(a, `/v1/customers?cursor=${cursor.slice(0, -3)}`);
    const edited = (cursor[0] === "W" ? "X" : "W") + cursor.slice(1);
    await expect400OnCursor(a, `/v1/customers?cursor=${edited}`);
    await expect400OnCursor(a, `/v1/customers?cursor=${encodeURIComponent("a+b/c=")}`);
  });

  it("a cursor with a forged total (its payload re-encoded, the tag kept) is a 400 naming cursor", async () => {
    const cursor = await firstCursor(a, "/v1/customers");
    const realTotal = (await page(a, `/v1/customers?cursor=${cursor}`)).pagination?.total;
    expect(realTotal).toBeGreaterThan(0);
    // Whatever the cursor's layout, rewrite the base64url JSON array it starts with.
    const forge = (text: string) => {
      for (let end = text.length; end > 0; end--) {
        try {
          const parsed = JSON.parse(Buffer.from(text.slice(0, end), "base64url").toString("utf8"));
          if (!Array.isArray(parsed)) continue;
          parsed[4] = 999_999;
          return Buffer.from(JSON.stringify(parsed)).toString("base64url") + text.slice(end);
        } catch {}
      }
      throw new Error("no payload found");
    };
    await expect400OnCursor(a, `/v1/customers?cursor=${forge(cursor)}`);
  });

  it("a cursor used with other filters or on another list is a 400 naming cursor", async () => {
    const cursor = await firstCursor(a, "/v1/customers?status=active");
    await expect400OnCursor(a, `/v1/customers?status=inactive&cursor=${cursor}`);
    await expect400OnCursor(a, `/v1/customers?cursor=${cursor}`);
    await expect400OnCursor(a, `/v1/transactions?cursor=${cursor}`);
    await expect400OnCursor(a, `/v1/fraud/cases?cursor=${cursor}`);
  });

  it("cursor with offset > 0 is a 400 naming cursor; offset=0 is accepted", async () => {
    const cursor = await firstCursor(a, "/v1/customers");
    await expect400OnCursor(a, `/v1/customers?offset=2&cursor=${cursor}`);
    expect((await call("GET", `/v1/customers?offset=0&cursor=${cursor}`, { key: a.key })).status).toBe(200);
  });

  it("another tenant's cursor shows none of that tenant's rows", async () => {
    const ofA = new Set(
      (await walkByOffset(a, "/v1/customers", 100)).concat(await walkByOffset(a, "/v1/transactions", 100)),
    );
    for (const path of ["/v1/customers", "/v1/transactions"]) {
      const cursor = await firstCursor(a, path);
      const body = await page(b, `${path}?cursor=${cursor}&limit=100`);
      expect(body.data.filter((r) => ofA.has(r.id))).toEqual([]);
    }
    const ownOfB = await walkByOffset(b, "/v1/customers", 100);
    const seen = (await page(b, `/v1/customers?cursor=${await firstCursor(a, "/v1/customers")}&limit=100`))
      .data;
    expect(seen.every((r) => ownOfB.includes(r.id))).toBe(true);
  });
});

describe("GraphQL lists", () => {
  it("customers page by pagination.nextCursor like REST; a bad cursor is an error", async () => {
    const query = `query ($cursor: String) { customers(limit: 4, cursor: $cursor, status: active) {
      data { id } pagination { total offset hasMore nextCursor } } }`;
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const result: { data?: { customers: Page & { pagination: Paging } } | null } = await gql(a.key, query, {
        cursor,
      });
      const customers = result.data?.customers;
      if (!customers) throw new Error("no customers page");
      ids.push(...customers.data.map((r) => r.id));
      cursor = customers.pagination.nextCursor;
    } while (cursor !== null);
    expect(ids).toEqual(await walkByOffset(a, "/v1/customers?status=active", 4));
    const bad = await gql(a.key, query, { cursor: "bm90LWEtY3Vyc29y" });
    expect(bad.data?.customers ?? null).toBeNull();
    expect(bad.errors?.length).toBeGreaterThan(0);
  });
});

describe("cheap totals", () => {
  it("an unfiltered data list's total (kept by triggers) follows inserts", async () => {
    const t = await createTenant({ name: "Cursor counts" });
    const total = async () => paging(await page(t, "/v1/customers")).total;
    expect(await total()).toBe(0);
    for (let i = 0; i < 3; i++) await insertCustomer(t);
    expect(await total()).toBe(3);
    expect(paging(await page(t, "/v1/customers?status=active")).total).toBe(3);
    // The unfiltered total is the kept row, not a count: the triggers keep it.
    const kept = await shardRows<{ n: number }>(
      t,
      "SELECT n FROM data_row_counts WHERE tenant_id = ? AND table_name = 'customers'",
      t.id,
    );
    expect(kept).toEqual([{ n: 3 }]);
  });
});
