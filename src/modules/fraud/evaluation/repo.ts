import { eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TenantScope } from "../../../db/client";
import { type PackedChunk, packedRows, unpackGroups, unpackRows } from "../../../db/packed-rows";
import { inJsonList, intLiteral } from "../../../db/sql";
import { type Placeholders, rawTemplate, statementTemplate } from "../../../db/statement-template";
import { likelyTenantSql, tenantSql } from "../../../db/tenant-tables";
import { isAgentFloatLeg } from "../../data/domain/agent-float";
import { accounts, agents, customers, TX_COUNTRY, TX_IS_CASH } from "../../data/read-model";
import { type ActivityKey, lastActivityBeforeQuery } from "../repo";

/**
 * Set reads for a page of entities (monitoring screens up to a page at once): the same rows the
 * one-entity reads in ../repo.ts answer, for many entities in one statement each. Ids travel as
 * one JSON parameter, so a page of any size stays within D1's 100 bound parameters.
 */

export interface RegisteredIds {
  customer: readonly string[];
  account: readonly string[];
  agent: readonly string[];
}

/** When each registered entity began (agents: activation, else creation); absent ids are not keys. */
export async function entityStarts(scope: TenantScope, ids: RegisteredIds) {
  // Every part names its columns: any of them may be the first (which names the result's).
  const parts: SQL[] = [];
  if (ids.customer.length)
    parts.push(sql`SELECT 'customer' AS type, c.id AS id, c.created_at AS started FROM customers c
      WHERE ${likelyTenantSql(scope, "c")} AND ${inJsonList(sql`c.id`, ids.customer)}`);
  if (ids.account.length)
    parts.push(sql`SELECT 'account' AS type, a.id AS id, a.created_at AS started FROM accounts a
      WHERE ${likelyTenantSql(scope, "a")} AND ${inJsonList(sql`a.id`, ids.account)}`);
  if (ids.agent.length)
    parts.push(sql`SELECT 'agent' AS type, g.agent_id AS id, coalesce(g.activated_at, g.created_at) AS started FROM agents g
      WHERE ${tenantSql(scope, "g")} AND ${inJsonList(sql`g.agent_id`, ids.agent)}`);
  const out = new Map<string, string>();
  if (parts.length === 0) return out;
  const rows = await scope.db.all<{ type: string; id: string; started: string }>(
    sql.join(parts, sql` UNION ALL `),
  );
  for (const r of rows) out.set(`${r.type}:${r.id}`, r.started);
  return out;
}

const KEY_COLUMN: Record<ActivityKey["column"], SQL> = {
  customer: sql.raw("t.customer_id"),
  account: sql.raw("t.account_id"),
  agent: sql.raw("t.agent_id"),
  merchant: sql.raw("t.merchant_name"),
};

/**
 * One of the entity's transactions as both evaluations read it, one object for both: fraud's Txn
 * (`at`: its instant) and AML's window row (cash, country, the other party; pre-transaction
 * screening shares a whole read between them). Built in one literal, so every row has one shape.
 */
export interface ActivityRow {
  amountMinor: number;
  type: "credit" | "debit";
  transactionDate: string;
  /** Date.parse(transactionDate). */
  at: number;
  category: string | null;
  status: string;
  description: string | null;
  counterparty: string | null;
  /** AML's columns, from a whole read asked for them (`amlColumns`), else false and null: lower(coalesce(channel, '')) = 'cash'. */
  cash: boolean;
  /** upper(counterparty_country). */
  country: string | null;
  /** AML's other party for a customer or account: the counterparty. */
  other: string | null;
  /** An agent's float leg (data/domain/agent-float.ts), from type and category. */
  float: boolean;
}

/**
 * A transaction `t` as the JSON array activityRow reads back. The reads below pack their rows
 * (src/db/packed-rows.ts): an evaluation's ~700 rows cost ~4 ms of the thread as row objects.
 * Chunks are sized in bytes; a row adds at most ~6 KB to one (ingest caps the text columns at
 * 500 + 100 + 50 + 200 characters), far under D1's 2 MB a value.
 */
const ACTIVITY_COLUMNS = `t.amount_minor, t.type, t.transaction_date, t.category, t.status,
  t.description, coalesce(t.counterparty_account, t.counterparty_name)`;
const ACTIVITY_JSON = sql.raw(`json_array(${ACTIVITY_COLUMNS})`);

const ACTIVITY_ORDER = sql.raw("d DESC, id DESC");

const activityRow = (v: unknown[]): ActivityRow => {
  const transactionDate = v[2] as string;
  const counterparty = v[6] as string | null;
  const type = v[1] as ActivityRow["type"];
  const category = v[3] as string | null;
  return {
    amountMinor: v[0] as number,
    type,
    transactionDate,
    at: Date.parse(transactionDate),
    category,
    status: v[4] as string,
    description: v[5] as string | null,
    counterparty,
    cash: v[7] === 1,
    country: (v[8] as string | null | undefined) ?? null,
    other: counterparty,
    float: isAgentFloatLeg(type, category),
  };
};

/**
 * A row with AML's columns, as its statements test them (pre-transaction screening shares the
 * rows with its AML evaluation).
 */
const ACTIVITY_AML_JSON = sql.raw(`json_array(${ACTIVITY_COLUMNS}, ${TX_IS_CASH}, ${TX_COUNTRY})`);

/**
 * The entity's transactions in [from, to], newest first, at most `cap`, packed: a statement for
 * a D1 batch (or to await) whose result decodeActivity reads. `chunkBytes` is for tests. A
 * template (src/db/statement-template.ts): its text built once per key column, cap and chunk size.
 */
export const activityQuery = (
  scope: TenantScope,
  key: ActivityKey,
  range: { from: string; to: string; cap: number },
  chunkBytes?: number,
) =>
  activityTemplate(
    scope,
    { column: key.column, cap: range.cap, chunkBytes },
    { value: key.value, from: range.from, to: range.to },
  );

const activityTemplate = rawTemplate<
  { column: ActivityKey["column"]; cap: number; chunkBytes?: number },
  { value: string; from: string; to: string },
  PackedChunk
>((scope, { column, cap, chunkBytes }, p) =>
  // The LIMIT sits on the index-ordered read, so an entity's older rows are never visited.
  packedRows(
    sql`SELECT t.transaction_date AS d, t.id AS id, ${ACTIVITY_JSON} AS j FROM transactions t
        WHERE ${tenantSql(scope, "t")} AND ${KEY_COLUMN[column]} = ${p.value}
          AND t.transaction_date >= ${p.from} AND t.transaction_date <= ${p.to}
        ORDER BY t.transaction_date DESC, t.id DESC LIMIT ${cap}`,
    { order: ACTIVITY_ORDER, cap, chunkBytes },
  ),
);

export const decodeActivity = (chunks: readonly PackedChunk[]): ActivityRow[] =>
  unpackRows(chunks, activityRow);

/**
 * Rows and bytes of row text one entity's whole read ships at most: an entity beyond either is
 * read in chunks (activityQuery). Its one value then stays far below D1's 2 MB a value.
 */
const WHOLE_ACTIVITY_ROWS = 2_000;
const WHOLE_ACTIVITY_BYTES = 1_000_000;

type WholeActivity = { n: number; rows: string | null };

/**
 * The entity's transactions in [from, to], newest first, as one value when they fit
 * (WHOLE_ACTIVITY_ROWS, WHOLE_ACTIVITY_BYTES): two aggregates over the index-ordered read, no
 * window functions (the chunked read's two windows cost ~0.9 ms of SQLite for 700 rows). The
 * LIMIT keeps what SQLite builds bounded; `decodeWholeActivity` says null when it did not fit.
 */
const wholeActivityTemplate = rawTemplate<
  { column: ActivityKey["column"]; limits: { rows: number; bytes: number }; amlColumns: boolean },
  { value: string; from: string; to: string },
  WholeActivity
>((scope, { column, limits, amlColumns }, p) => {
  const rows = intLiteral(limits.rows);
  const bytes = intLiteral(limits.bytes);
  return sql`SELECT count(*) AS n,
      CASE WHEN count(*) <= ${rows} AND sum(length(CAST(j AS BLOB)) + 1) <= ${bytes}
        THEN '[' || group_concat(j, ',' ORDER BY d DESC, id DESC) || ']' END AS rows
    FROM (SELECT t.transaction_date AS d, t.id AS id, ${amlColumns ? ACTIVITY_AML_JSON : ACTIVITY_JSON} AS j
      FROM transactions t WHERE ${tenantSql(scope, "t")} AND ${KEY_COLUMN[column]} = ${p.value}
        AND t.transaction_date >= ${p.from} AND t.transaction_date <= ${p.to}
      ORDER BY t.transaction_date DESC, t.id DESC LIMIT ${rows} + 1)`;
});

/** The rows of a whole read; null: more than it ships (read them with activityQuery). */
const decodeWholeActivity = ([whole]: readonly WholeActivity[]): ActivityRow[] | null => {
  if (!whole || whole.n === 0) return [];
  if (whole.rows === null) return null;
  return unpackRows([{ g: null, rows: whole.rows }], activityRow);
};

/** The entity's transactions in [from, to], newest first, at most `cap`. */
export const loadActivity = async (
  scope: TenantScope,
  key: ActivityKey,
  range: { from: string; to: string; cap: number },
) => decodeActivity(await activityQuery(scope, key, range));

/**
 * Each entity's transactions in [from, to], newest first, at most `cap` per entity (packed per
 * entity), and the last transaction before `before` (the baseline's edge): two statements for
 * the whole page.
 */
export async function activityOf(
  scope: TenantScope,
  column: ActivityKey["column"],
  values: readonly string[],
  range: { from: string; to: string; before: string; cap: number },
  chunkBytes?: number,
) {
  const key = KEY_COLUMN[column];
  const [chunks, befores] = await Promise.all([
    scope.db.all<PackedChunk>(
      packedRows(
        sql`SELECT ${key} AS e, t.transaction_date AS d, t.id AS id, ${ACTIVITY_JSON} AS j FROM transactions t
          WHERE ${tenantSql(scope, "t")} AND ${inJsonList(key, values)}
            AND t.transaction_date >= ${range.from} AND t.transaction_date <= ${range.to}`,
        { group: sql.raw("e"), order: ACTIVITY_ORDER, cap: range.cap, chunkBytes },
      ),
    ),
    scope.db.all<{ entity: string; at: string }>(sql`
      SELECT ${key} AS entity, max(t.transaction_date) AS at FROM transactions t
      WHERE ${tenantSql(scope, "t")} AND ${inJsonList(key, values)} AND t.transaction_date < ${range.before}
      GROUP BY 1`),
  ]);
  return {
    activity: unpackGroups(chunks, activityRow),
    before: new Map(befores.map((b) => [b.entity, b.at])),
  };
}

/** When a registered entity began (agents: activation, else creation); no row: not found. */
function entityStartQuery(scope: TenantScope, key: ActivityKey) {
  return key.column === "merchant" ? null : entityStartTemplate(scope, key.column, { value: key.value });
}

const entityStartTemplate = statementTemplate(
  (db, column: Exclude<ActivityKey["column"], "merchant">, p: Placeholders<{ value: string }>) => {
    switch (column) {
      case "customer":
        return db.select({ started: customers.createdAt }).from(customers, eq(customers.id, p.value));
      case "account":
        return db.select({ started: accounts.createdAt }).from(accounts, eq(accounts.id, p.value));
      case "agent":
        return db
          .select({ started: sql<string>`coalesce(${agents.activatedAt}, ${agents.createdAt})` })
          .from(agents, eq(agents.agentId, p.value));
    }
  },
);

/**
 * One evaluation's reads of its entity, as statements for one D1 batch (one round trip, one
 * snapshot; an entity beyond the whole read's limits takes one more for its rows) that the
 * caller may send with its other reads: whether the entity exists and when it
 * began (`found` false: a registered entity that is absent; a merchant has no registry and is
 * always found), its transactions in [from, to] newest first (at most `cap`), its last
 * transaction before `from`, and the caller's extra statement (the allowlist read), whose rows
 * come back as `extra`. `decode` takes the batch's results for these statements, in order.
 * `amlColumns`: the rows also carry AML's cash and country (pre-transaction screening shares them
 * with its AML evaluation); `withAml` says whether they came whole with them.
 */
export function entityActivityReads<Extra extends BatchItem<"sqlite">>(
  scope: TenantScope,
  key: ActivityKey,
  range: { from: string; to: string; cap: number },
  extra: Extra,
  options: { amlColumns?: boolean; limits?: { rows: number; bytes: number } } = {},
) {
  const limits = options.limits ?? {
    rows: Math.min(WHOLE_ACTIVITY_ROWS, range.cap),
    bytes: WHOLE_ACTIVITY_BYTES,
  };
  const amlColumns = options.amlColumns ?? false;
  const start = entityStartQuery(scope, key);
  const activity = wholeActivityTemplate(
    scope,
    { column: key.column, limits, amlColumns },
    { value: key.value, from: range.from, to: range.to },
  );
  const before = lastActivityBeforeQuery(scope, key, range.from);
  const items = start ? ([start, activity, before, extra] as const) : ([activity, before, extra] as const);
  type Results = [Array<{ started: string }> | null, WholeActivity[], Awaited<typeof before>, Awaited<Extra>];
  // An entity whose rows did not fit the whole read is read again in chunks (one more trip),
  // without AML's columns (`withAml` false: the caller's AML evaluation reads its own rows).
  const decode = async (results: readonly unknown[]) => {
    const [started, whole, [last], extraRows] = (start ? results : [null, ...results]) as Results;
    const found = started === null || started.length > 0;
    const rows = decodeWholeActivity(whole);
    return {
      found,
      createdAt: started?.[0]?.started ?? null,
      rows: rows ?? (found ? await loadActivity(scope, key, range) : []),
      withAml: amlColumns && rows !== null,
      before: last?.at ?? null,
      extra: extraRows,
    };
  };
  return { items: [...items] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]], decode };
}
