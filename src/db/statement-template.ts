import { type Placeholder, type Query, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "./client";
import {
  type AnyPrepared,
  prepareRawTemplate,
  prepareTemplate,
  type RawTemplate,
  type RawTemplateQuery,
  type TenantDb,
} from "./tenant-db";

/**
 * Statements whose SQL text is built once per isolate. Drizzle turns a builder into text at
 * every execution (50-100 µs of a request's CPU per statement, its largest cost after D1's own),
 * though on a hot path only the values change. A template is a builder written once with
 * placeholders for the values (and the tenant); each execution fills them into the kept text.
 * `shape` is what changes the text itself (a list's length, an optional condition): one
 * template per distinct shape, so it must hold everything `build` reads besides placeholders.
 * Raw SQL (sql``) has rawTemplate, the same with a scope instead of a client.
 */

export type Placeholders<V> = { readonly [K in keyof V]: Placeholder<K & string, V[K]> };
type ResultOf<Q> = Q extends AnyPrepared ? Awaited<ReturnType<Q["execute"]>> : never;

/** Any name asked for is a placeholder of that name. */
const placeholders = new Proxy({} as Record<string, Placeholder>, {
  get: (_target, name) => (typeof name === "string" ? sql.placeholder(name) : undefined),
});

/** Shapes are few (kinds of a list, presence of a filter); a bound keeps a mistake from growing. */
const MAX_SHAPES = 64;

/** What a template's execution is: a builder's prepared statement or a raw one's. */
type TemplateQuery = Pick<AnyPrepared, "getQuery" | "execute"> | RawTemplateQuery<unknown>;

/** A template's statement: awaited alone, or an item of `db.batch` (one round trip with others). */
export class TemplateStatement<T> implements PromiseLike<T> {
  declare readonly _: { readonly dialect: "sqlite"; readonly result: T };
  readonly #query: TemplateQuery;

  constructor(query: TemplateQuery) {
    this.#query = query;
  }

  /** How Drizzle's batch gets an item's prepared statement. */
  _prepare(): TemplateQuery {
    return this.#query;
  }

  /** Its text and bound values (tests, query plans). */
  toSQL(): Query {
    return this.#query.getQuery();
  }

  // biome-ignore lint/suspicious/noThenProperty: awaited like Drizzle's builders
  then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return (this.#query.execute() as Promise<T>).then(onfulfilled, onrejected);
  }
}

/** One prepared template per shape, the shapes bounded (MAX_SHAPES). */
function byShape<Shape, T>(prepare: (shape: Shape) => T): (shape: Shape) => T {
  const kept = new Map<string, T>();
  return (shape) => {
    const key = JSON.stringify(shape) ?? "";
    let template = kept.get(key);
    if (!template) {
      if (kept.size >= MAX_SHAPES) kept.clear();
      template = prepare(shape);
      kept.set(key, template);
    }
    return template;
  };
}

export function statementTemplate<Shape, V extends Record<string, unknown>, Q extends AnyPrepared>(
  build: (db: TenantDb, shape: Shape, values: Placeholders<V>) => { prepare(): Q },
): (scope: TenantScope, shape: Shape, values: V) => TemplateStatement<ResultOf<Q>> {
  const template = byShape((shape: Shape) =>
    prepareTemplate((db) => build(db, shape, placeholders as Placeholders<V>)),
  );
  return (scope, shape, values) => new TemplateStatement(scope.db.fromTemplate(template(shape), values));
}

/**
 * A raw statement (sql``, run as TenantDb.all) as a template: `build` gets a scope whose tenant
 * is a placeholder, so its tenantSql (or tenantWhere, tenantValue) is in the text by
 * construction, and a statement without it is refused as TenantDb.all refuses it. Rows come back
 * as objects, typed `Row`.
 */
export function rawTemplate<Shape, V extends Record<string, unknown>, Row>(
  build: (scope: TenantScope, shape: Shape, values: Placeholders<V>) => SQL,
): (scope: TenantScope, shape: Shape, values: V) => TemplateStatement<Row[]> {
  const template = byShape(
    (shape: Shape): RawTemplate =>
      prepareRawTemplate((scope) => build(scope, shape, placeholders as Placeholders<V>)),
  );
  return (scope, shape, values) =>
    new TemplateStatement<Row[]>(scope.db.fromRawTemplate<Row>(template(shape), values));
}
