import { fillPlaceholders, type Query, SQL, type Subquery, sql } from "drizzle-orm";
import {
  type PreparedQueryConfig,
  type SelectedFields,
  SQLiteAsyncDialect,
  type SQLiteInsertSelectQueryBuilder,
  type SQLiteInsertValue,
  type SQLitePreparedQuery,
  type SQLiteSelectBuilder,
  type SQLiteTable,
  type SQLiteUpdateSetSource,
} from "drizzle-orm/sqlite-core";
import { AppError } from "../lib/errors";
import { runDeferredBatch } from "./deferred-batch";
import { drizzleShard, type ShardDb } from "./system-db";
import { assertTenantScoped, type TenantTable, tenantWhere } from "./tenant-tables";

/**
 * The only shard client a module holds (docs/architecture.md#tenancy-and-shards): every
 * statement it can build carries the tenant. Selects, updates and deletes get
 * `table.tenant_id = <tenant>` ANDed into their WHERE (Drizzle's builders then refuse a
 * second `.where` at the type level); joins take their ON from `on()`, which adds the joined
 * table's tenant; inserts get
 * the tenant filled in; raw SQL is refused unless it holds this tenant's predicate
 * (tenantSql / tenantWhere / tenantValue). Cross-tenant sweeps use src/db/system-db.ts
 * from files named system-repo.ts.
 */

type Condition = SQL | undefined;
/** Turns raw SQL into text and parameters the way Drizzle's D1 driver does. */
const dialect = new SQLiteAsyncDialect();
type ScopedTable = SQLiteTable & TenantTable;
type D1Select<TSelection extends SelectedFields | undefined> = SQLiteSelectBuilder<
  TSelection,
  "async",
  D1Result,
  "db"
>;
/** A row to insert: the tenant is the scope's, whatever the caller passes. */
type TenantRow<T extends SQLiteTable> = Omit<SQLiteInsertValue<T>, "tenantId"> & { tenantId?: string };

class ScopedSelect<TSelection extends SelectedFields | undefined> {
  readonly #select: D1Select<TSelection>;
  readonly #scope: TenantDb;
  constructor(select: D1Select<TSelection>, scope: TenantDb) {
    this.#select = select;
    this.#scope = scope;
  }

  /**
   * FROM a tenant table, WHERE its tenant AND conditions (undefined ones are skipped). Joins
   * chain on it with their ON from `TenantDb.on` (the source test refuses any other ON).
   */
  from<T extends ScopedTable>(table: T, ...conditions: Condition[]) {
    return this.#select.from(table).where(tenantWhere(this.#scope, table, ...conditions));
  }

  /**
   * FROM raw SQL (json_each, subqueries over aliases) that must itself hold this tenant's
   * predicate; refused otherwise. The caller may add its own WHERE.
   */
  fromSql(source: SQL) {
    assertTenantScoped(this.#scope, source);
    return this.#select.from(source);
  }

  /** FROM a subquery built from this client (so holding this tenant's predicate); refused otherwise. */
  fromSubquery<Q extends Subquery>(subquery: Q) {
    assertTenantScoped(this.#scope, subquery._.sql);
    return this.#select.from(subquery);
  }
}

export class TenantDb {
  readonly #db: ShardDb;
  readonly tenantId: string;

  constructor(db: ShardDb, tenantId: string) {
    this.#db = db;
    this.tenantId = tenantId;
  }

  select(): ScopedSelect<undefined>;
  select<TSelection extends SelectedFields>(fields: TSelection): ScopedSelect<TSelection>;
  select<TSelection extends SelectedFields>(fields?: TSelection): ScopedSelect<TSelection | undefined> {
    return fields
      ? new ScopedSelect(this.#db.select(fields), this)
      : new ScopedSelect(this.#db.select(), this);
  }

  /** SELECT DISTINCT, scoped as select(). */
  selectDistinct<TSelection extends SelectedFields>(fields: TSelection): ScopedSelect<TSelection> {
    return new ScopedSelect(this.#db.selectDistinct(fields), this);
  }

  /** A join's ON: the joined table's tenant AND conditions. */
  on(joined: TenantTable, ...conditions: Condition[]): SQL {
    return tenantWhere(this, joined, ...conditions);
  }

  /** INSERT rows with the tenant filled in (a row naming another tenant is overwritten). */
  insert<T extends ScopedTable>(table: T) {
    const db = this.#db;
    const tenantId = this.tenantId;
    return {
      values: (rows: TenantRow<T> | TenantRow<T>[]) => {
        const filled = (Array.isArray(rows) ? rows : [rows]).map(
          (row) => ({ ...row, tenantId }) as SQLiteInsertValue<T>,
        );
        return db.insert(table).values(filled);
      },
      /** INSERT ... SELECT: refused unless the query holds this tenant (tenantValue / a scoped select). */
      select: (query: SQL | SQLiteInsertSelectQueryBuilder<T>) => {
        assertTenantScoped(this, query instanceof SQL ? query : query.getSQL());
        return query instanceof SQL ? db.insert(table).select(query) : db.insert(table).select(query);
      },
    };
  }

  /** UPDATE table SET values WHERE its tenant AND conditions; the tenant column cannot be set. */
  update<T extends ScopedTable>(table: T) {
    const db = this.#db;
    return {
      set: (values: SQLiteUpdateSetSource<T>) => {
        // A row never moves to another tenant: a tenantId among the values is dropped.
        const { tenantId: _tenant, ...rest } = values as SQLiteUpdateSetSource<T> & { tenantId?: unknown };
        return {
          where: (...conditions: Condition[]) =>
            db
              .update(table)
              .set(rest as unknown as SQLiteUpdateSetSource<T>)
              .where(tenantWhere(this, table, ...conditions)),
        };
      },
    };
  }

  /** DELETE FROM table WHERE its tenant AND conditions. */
  delete<T extends ScopedTable>(table: T) {
    return {
      where: (...conditions: Condition[]) =>
        this.#db.delete(table).where(tenantWhere(this, table, ...conditions)),
    };
  }

  /**
   * Raw SQL returning rows; refused unless it holds this tenant's predicate. Awaited alone it is
   * one statement; it can also go into `batch()` with builder statements (one round trip):
   * Drizzle 0.45's batch binds a raw query through a prepared statement it does not give it, so
   * the statement is prepared here, only when a batch asks for it.
   */
  all<T = unknown>(query: SQL) {
    assertTenantScoped(this, query);
    const raw = this.#db.all<T>(query);
    const client = this.#db.$client;
    Object.defineProperty(raw, "stmt", { get: () => client.prepare(raw.getQuery().sql) });
    return raw;
  }

  /** Raw SQL statement; refused unless it holds this tenant's predicate or value. */
  run(query: SQL) {
    assertTenantScoped(this, query);
    return this.#db.run(query);
  }

  /**
   * Raw statements in one D1 batch (one transaction), each refused unless it holds this
   * tenant. Drizzle 0.45 cannot put raw SQL with parameters into a D1 batch (its raw query has
   * no prepared statement), so these go to the binding directly; results as D1 gives them.
   */
  batchSql<Row = Record<string, unknown>>(queries: SQL[]): Promise<D1Result<Row>[]> {
    const client = this.#db.$client;
    const statements = queries.map((query) => {
      assertTenantScoped(this, query);
      const { sql: text, params } = dialect.sqlToQuery(query);
      return client.prepare(text).bind(...params);
    });
    return client.batch<Row>(statements);
  }

  /**
   * Atomic batch of statements built from this client (one D1 transaction). Deferred items (audit
   * entries, src/db/deferred-batch.ts) are made just before it runs, and made again on a conflict.
   */
  batch: ShardDb["batch"] = ((statements: Parameters<ShardDb["batch"]>[0]) =>
    runDeferredBatch((items) => this.#db.batch(items), statements)) as ShardDb["batch"];

  /**
   * A template's statement for this tenant (src/db/statement-template.ts): the text built once,
   * the placeholders filled with `values` and the tenant with this client's, on this binding.
   * Only a template built by prepareTemplate (whose tenant is the placeholder) is accepted.
   */
  fromTemplate<Q extends AnyPrepared>(template: Q, values: Record<string, unknown>): Q {
    if (!templates.has(template)) throw new AppError("internal", "not a tenant statement template");
    const { sql: text, params } = template.getQuery();
    // The template's fields, result mapping and execute method, with this request's text and values.
    const query = Object.create(template) as Q & { query: Query; stmt: D1PreparedStatement };
    query.query = { sql: text, params: fillPlaceholders(params, { ...values, [TENANT]: this.tenantId }) };
    query.stmt = this.#db.$client.prepare(text);
    return query;
  }

  /** A raw template's statement for this tenant (as fromTemplate): rows as objects, as all() gives them. */
  fromRawTemplate<T>(template: RawTemplate, values: Record<string, unknown>): RawTemplateQuery<T> {
    if (!templates.has(template)) throw new AppError("internal", "not a tenant statement template");
    const { sql: text, params } = template.query;
    const filled = fillPlaceholders(params, { ...values, [TENANT]: this.tenantId });
    return new RawTemplateQuery<T>({ sql: text, params: filled }, this.#db.$client.prepare(text));
  }
}

/**
 * One execution of a raw template (TenantDb.fromRawTemplate): what Drizzle's batch asks of an
 * item (its text and values, a prepared statement, its result from the batch's), rows as objects
 * as TenantDb.all gives them.
 */
export class RawTemplateQuery<T> {
  readonly #query: Query;
  readonly stmt: D1PreparedStatement;
  constructor(query: Query, stmt: D1PreparedStatement) {
    this.#query = query;
    this.stmt = stmt;
  }
  getQuery(): Query {
    return this.#query;
  }
  mapResult(result: unknown, isFromBatch?: boolean): unknown {
    return isFromBatch ? (result as D1Result<T>).results : result;
  }
  async execute(): Promise<T[]> {
    return (await this.stmt.bind(...this.#query.params).all<T>()).results;
  }
}

/** A raw statement's text and parameters built once, the tenant and values placeholders (prepareRawTemplate). */
export interface RawTemplate {
  readonly query: Query;
}

// biome-ignore lint/suspicious/noExplicitAny: any prepared statement, whatever it returns
export type AnyPrepared = SQLitePreparedQuery<PreparedQueryConfig & { type: "async"; execute: any }>;

/** The placeholder a template's tenant is (never a value a caller can name: fromTemplate sets it). */
const TENANT = "\u0000tenant";
const templates = new WeakSet<object>();
/** Templates are prepared on no database: only their text, fields and mapping are kept. */
const NO_BINDING = { prepare: () => ({}) } as unknown as D1Database;

/**
 * Prepares a template (src/db/statement-template.ts): `build` gets a TenantDb whose tenant is a
 * placeholder, so every statement it builds still carries the tenant predicate, filled per
 * request by fromTemplate.
 */
export function prepareTemplate<Q extends AnyPrepared>(build: (db: TenantDb) => { prepare(): Q }): Q {
  const prepared = build(templateDb()).prepare();
  templates.add(prepared);
  return prepared;
}

/**
 * Prepares a raw template: `build` gets a scope whose tenant is a placeholder (a fresh one, so no
 * fragment made for another scope can stand in for it) and must return SQL holding that tenant's
 * predicate (tenantSql, tenantWhere, tenantValue), as TenantDb.all requires; refused otherwise.
 */
export function prepareRawTemplate(build: (scope: { db: TenantDb; tenantId: string }) => SQL): RawTemplate {
  const db = templateDb();
  const query = build({ db, tenantId: db.tenantId });
  assertTenantScoped(db, query);
  const template = { query: dialect.sqlToQuery(query) };
  templates.add(template);
  return template;
}

const templateDb = () => new TenantDb(drizzleShard(NO_BINDING), sql.placeholder(TENANT) as unknown as string);

/** The tenant's scoped client over a shard's Drizzle client. */
export const forTenant = (db: ShardDb, tenantId: string): TenantDb => new TenantDb(db, tenantId);
