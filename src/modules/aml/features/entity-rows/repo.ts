import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../../db/client";
import { rawTemplate } from "../../../../db/statement-template";
import { tenantSql } from "../../../../db/tenant-tables";
import {
  proposedRowSource,
  proposedRowsJson,
  TX_COUNTRY,
  TX_IS_AGENT_FLOAT,
  TX_IS_CASH,
  transactionsSource,
} from "../../../data/read-model";
import { dormancyLookback, type EntityRows, readStart } from "../../domain/entity-features";
import { ENTITY_KEY, type FeatureQuery, int, OTHER_PARTY, type RowsWhere, where } from "../families/repo";

/**
 * Entities' transactions for computing their features in JavaScript (domain/entity-features.ts)
 * instead of by the feature statement: one statement answers, per entity with rows in the window,
 * its non-failed rows in the statement's order and with the columns as it tests them (cash,
 * upper-case country) as a single JSON value built by SQLite (no per-row objects cross the
 * binding), its last transaction before the window (dormancy) and its declared business. An
 * entity with more than `limit` rows in its window decodes to null: its caller reads that one's
 * features by statement. One entity (evaluate, screening: `entityId`) or a page (`entityIds`).
 */

/** Rows shipped per entity at most (a value stays far below D1's 2,000,000-byte limit whatever the columns hold). */
export const ENTITY_ROWS_LIMIT = 2_000;

/**
 * Characters of an other party's name or account shipped at most (ingestion caps names at 200,
 * accounts at 100): at six bytes a character escaped, 2,001 rows stay under D1's 2 MB a value.
 */
export const ENTITY_OTHER_CHARS = 100;

type Row = {
  e: string;
  rows: string;
  n: number;
  wide: number;
  last_before: string | null;
  declared: string | null;
};
type Cell = string | number | null;

/**
 * The read's shape (src/db/statement-template.ts): what changes its text. Its values (tenant,
 * dates, ids, the proposed row's JSON) are bound, so its text is built once per shape.
 */
interface RowsShape {
  entityType: FeatureQuery["entityType"];
  entityId: boolean;
  entityIds: boolean;
  proposed: boolean;
  partition: FeatureQuery["partition"] | null;
  keyRange: { after: boolean; upto: boolean } | null;
  limits: { rows: number; otherChars: number };
}

type RowsValues = {
  windowStart: string;
  /** readStart: the previous window's (the fan rules' normal) or the profile window's, the earlier. */
  priorStart: string;
  windowEnd: string;
  lookback: string;
  entityId: string | null;
  /** The JSON of the ids (inJsonList's parameter). */
  entityIds: string | null;
  proposed: string | null;
  after: string | null;
  upto: string | null;
};

export function entityRowsRead(
  scope: TenantScope,
  q: FeatureQuery,
  limits = { rows: ENTITY_ROWS_LIMIT, otherChars: ENTITY_OTHER_CHARS },
) {
  const limit = limits.rows;
  const range = q.keyRange;
  const shape: RowsShape = {
    entityType: q.entityType,
    entityId: q.entityId !== undefined,
    entityIds: q.entityIds !== undefined,
    proposed: Boolean(q.proposed),
    partition: q.partition ?? null,
    keyRange: range ? { after: range.after !== undefined, upto: range.upto !== undefined } : null,
    limits,
  };
  const item = rowsTemplate(scope, shape, {
    windowStart: q.windowStart,
    priorStart: readStart(q.windowStart, q.windowEnd, q.thresholds),
    windowEnd: q.windowEnd,
    lookback: dormancyLookback(q.windowStart),
    entityId: q.entityId ?? null,
    entityIds: q.entityIds === undefined ? null : JSON.stringify(q.entityIds),
    proposed: q.proposed ? proposedRowsJson(q.proposed) : null,
    after: range?.after ?? null,
    upto: range?.upto ?? null,
  });
  const decode = (rows: Row[]): Map<string, EntityRows | null> =>
    new Map(
      rows.map((row) => [
        row.e,
        row.n > limit || row.wide
          ? null
          : {
              transactions: (JSON.parse(row.rows) as Cell[][]).map(
                ([transactionDate, type, amountMinor, cash, country, other, float]) => ({
                  transactionDate: String(transactionDate),
                  type: String(type),
                  amountMinor: Number(amountMinor),
                  cash: cash === 1,
                  float: float === 1,
                  country: country === null ? null : String(country),
                  other: other === null ? null : String(other),
                }),
              ),
              lastBefore: row.last_before,
              declared: row.declared,
            },
      ]),
    );
  return { item, decode };
}

/** A placeholder where a query's string goes: where() and the sources only interpolate it. */
const bound = (p: Placeholder): string => p as unknown as string;

const rowsTemplate = rawTemplate<RowsShape, RowsValues, Row>((scope, shape, p) => {
  const { entityType, limits } = shape;
  const q: RowsWhere = {
    entityType,
    windowStart: bound(p.windowStart),
    windowEnd: bound(p.windowEnd),
    entityId: shape.entityId ? bound(p.entityId) : undefined,
    entityIds: shape.entityIds ? (p.entityIds as unknown as string[]) : undefined,
    partition: shape.partition ?? undefined,
    keyRange: shape.keyRange
      ? {
          after: shape.keyRange.after ? bound(p.after) : undefined,
          upto: shape.keyRange.upto ? bound(p.upto) : undefined,
        }
      : undefined,
  };
  const source = transactionsSource(shape.proposed ? p.proposed : null);
  const key = ENTITY_KEY[entityType];
  // The row before the window, per entity: dated [lookback, windowStart), the unary + keeping
  // max() on the entity's index (on the date index it walked the whole tenant's dates: 15 ms
  // instead of 0.2 ms at 50,000 rows). Correlated, it reads the table and a proposed row apart
  // (SQLite does not push `= g.e` into a UNION ALL: it walked the tenant's date index again).
  const any = { ...q, entityId: undefined, entityIds: undefined, windowEnd: q.windowStart };
  const before = (from: SQL) => sql`SELECT max(t.transaction_date) AS d FROM ${from} t
    WHERE ${where(scope, any, bound(p.lookback))} AND ${key} = g.e AND +t.transaction_date < ${p.windowStart}`;
  const lastBefore = shape.proposed
    ? sql`(SELECT max(d) FROM (${before(sql.raw("transactions"))} UNION ALL ${before(proposedRowSource(p.proposed))}))`
    : sql`(${before(sql.raw("transactions"))})`;
  // The aggregates' declared business: that of the window rows' customer (max, as the statement).
  const declared =
    entityType === "customer" || entityType === "account"
      ? sql`(SELECT coalesce(json_extract(c.business_info, '$.industry'), c.vertical) FROM customers c
          WHERE ${tenantSql(scope, "c")} AND c.id = g.customer_id)`
      : sql`NULL`;
  // The rows with the columns as the statement tests them; the other party shipped to OTHER_CHARS
  // (an entity with a longer one is read by statement), so no value nears D1's 2 MB.
  const rows = sql`SELECT ${key} AS e, t.id AS id, t.customer_id AS customer_id, t.transaction_date AS d,
      t.type AS type, t.amount_minor AS amount, ${sql.raw(TX_IS_CASH)} AS cash,
      ${sql.raw(TX_COUNTRY)} AS country, ${OTHER_PARTY[entityType]} AS other, ${sql.raw(TX_IS_AGENT_FLOAT)} AS float
    FROM ${source} t WHERE ${where(scope, q, bound(p.priorStart))}`;
  // At most limit + 1 rows per entity (more: read by statement, so which ones does not matter):
  // one entity needs no window function (a page numbers each entity's rows).
  const capped = shape.entityId
    ? sql`${rows} LIMIT ${int(limits.rows + 1)}`
    : sql`SELECT * FROM (SELECT *, row_number() OVER (PARTITION BY e) AS rn FROM (${rows}))
        WHERE rn <= ${int(limits.rows + 1)}`;
  return sql`
    SELECT g.e AS e, g.rows AS rows, g.n AS n, g.wide AS wide, ${lastBefore} AS last_before, ${declared} AS declared FROM (
      SELECT e, max(customer_id) AS customer_id, count(*) AS n, max(length(other)) > ${int(limits.otherChars)} AS wide,
        json_group_array(json_array(d, type, amount, cash, country, substr(other, 1, ${int(limits.otherChars)}), float) ORDER BY d, id) AS rows
      FROM (${capped}) GROUP BY e) g`;
});

type EdgesValues = {
  entityId: string;
  windowStart: string;
  windowEnd: string;
  lookback: string;
  windowCustomer: string | null;
};

/**
 * What entityRowsRead adds to the rows, for a caller that has one entity's rows from another read
 * (pre-transaction screening: fraud's): its last stored non-failed transaction before the window
 * (within the dormancy lookback) and the declared business of the window rows' customer (the
 * largest id, as the statement; `windowCustomer` is the proposed row's when it is a window row).
 */
export function entityEdgesRead(
  scope: TenantScope,
  q: Pick<FeatureQuery, "entityType" | "windowStart" | "windowEnd"> & { entityId: string },
  windowCustomer: string | null,
) {
  const item = edgesTemplate(scope, q.entityType, {
    entityId: q.entityId,
    windowStart: q.windowStart,
    windowEnd: q.windowEnd,
    lookback: dormancyLookback(q.windowStart),
    windowCustomer,
  });
  const decode = ([row]: Array<{ last_before: string | null; declared: string | null }>) => ({
    storedLastBefore: row?.last_before ?? null,
    declared: row?.declared ?? null,
  });
  return { item, decode };
}

const edgesTemplate = rawTemplate<
  FeatureQuery["entityType"],
  EdgesValues,
  { last_before: string | null; declared: string | null }
>((scope, entityType, p) => {
  const q: RowsWhere = {
    entityType,
    windowStart: bound(p.windowStart),
    windowEnd: bound(p.windowEnd),
    entityId: bound(p.entityId),
  };
  // As entityRowsRead's: the unary + keeps max() on the entity's index.
  const before = { ...q, windowEnd: q.windowStart };
  const lastBefore = sql`(SELECT max(t.transaction_date) FROM transactions t
      WHERE ${where(scope, before, bound(p.lookback))} AND +t.transaction_date < ${p.windowStart})`;
  if (entityType !== "customer" && entityType !== "account")
    return sql`SELECT ${lastBefore} AS last_before, NULL AS declared`;
  const stored = sql`(SELECT max(t.customer_id) FROM transactions t WHERE ${where(scope, q)})`;
  return sql`SELECT ${lastBefore} AS last_before,
      (SELECT coalesce(json_extract(c.business_info, '$.industry'), c.vertical) FROM customers c
        WHERE ${tenantSql(scope, "c")} AND c.id = (SELECT CASE WHEN ${p.windowCustomer} IS NOT NULL AND (s IS NULL OR ${p.windowCustomer} > s)
          THEN ${p.windowCustomer} ELSE s END FROM (SELECT ${stored} AS s))) AS declared`;
});
