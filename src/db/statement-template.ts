import { type Placeholder, sql } from "drizzle-orm";
import type { TenantScope } from "./client";
import { type AnyPrepared, prepareTemplate, type TenantDb } from "./tenant-db";

/**
 * Statements whose SQL text is built once per isolate. Drizzle turns a builder into text at
 * every execution (50-100 µs of a request's CPU per statement, its largest cost after D1's own),
 * though on a hot path only the values change. A template is a builder written once with
 * placeholders for the values (and the tenant); each execution fills them into the kept text.
 * `shape` is what changes the text itself (a list's length, an optional condition): one
 * template per distinct shape, so it must hold everything `build` reads besides placeholders.
 */

export type Placeholders<V> = { readonly [K in keyof V]: Placeholder<K & string, V[K]> };
type ResultOf<Q> = Q extends AnyPrepared ? Awaited<ReturnType<Q["execute"]>> : never;

/** Any name asked for is a placeholder of that name. */
const placeholders = new Proxy({} as Record<string, Placeholder>, {
  get: (_target, name) => (typeof name === "string" ? sql.placeholder(name) : undefined),
});

/** Shapes are few (kinds of a list, presence of a filter); a bound keeps a mistake from growing. */
const MAX_SHAPES = 64;

/** A template's statement: awaited alone, or an item of `db.batch` (one round trip with others). */
export class TemplateStatement<T> implements PromiseLike<T> {
  declare readonly _: { readonly dialect: "sqlite"; readonly result: T };
  readonly #query: AnyPrepared;

  constructor(query: AnyPrepared) {
    this.#query = query;
  }

  /** How Drizzle's batch gets an item's prepared statement. */
  _prepare(): AnyPrepared {
    return this.#query;
  }

  /** Its text and bound values (tests, query plans). */
  toSQL() {
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

export function statementTemplate<Shape, V extends Record<string, unknown>, Q extends AnyPrepared>(
  build: (db: TenantDb, shape: Shape, values: Placeholders<V>) => { prepare(): Q },
): (scope: TenantScope, shape: Shape, values: V) => TemplateStatement<ResultOf<Q>> {
  const byShape = new Map<string, Q>();
  return (scope, shape, values) => {
    const key = JSON.stringify(shape) ?? "";
    let template = byShape.get(key);
    if (!template) {
      if (byShape.size >= MAX_SHAPES) byShape.clear();
      template = prepareTemplate((db) => build(db, shape, placeholders as Placeholders<V>));
      byShape.set(key, template);
    }
    return new TemplateStatement(scope.db.fromTemplate(template, values));
  };
}
