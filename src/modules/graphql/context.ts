import type { TenantContext } from "../../db/tenant-context";
import type { Scope } from "../../lib/scopes";

/** What every resolver gets: the tenant (from the API key only), the key's scopes, a memo. */
export interface GraphQLContext {
  ctx: TenantContext;
  scopes: readonly Scope[];
  /** Runs `fn` once per key and request: the same lookup asked twice shares one result. */
  load<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /**
   * One object of a family (a customer, a customer's latest BHI, a customer's accounts page)
   * by id. The ids asked for while sibling objects resolve are fetched together by one
   * `fetchMany` call (one D1 statement) once the current pass has asked for them all; each id
   * is fetched once per request. Undefined when `fetchMany` has no entry for the id.
   */
  batch<V>(
    family: string,
    id: string,
    fetchMany: (ids: string[]) => Promise<Map<string, V>>,
  ): Promise<V | undefined>;
}

interface Family {
  /** The batch still collecting ids, if any. */
  open: { ids: string[]; fetched: Promise<Map<string, unknown>> } | null;
  byId: Map<string, Promise<unknown>>;
}

/**
 * Ids per statement: they travel as one JSON parameter (~40 bytes each), kept far below D1's
 * 100 KB statement size; a batch can hold up to the 10,000 objects the cost analysis allows.
 */
export const BATCH_IDS = 1_000;

async function fetchInChunks(
  ids: string[],
  fetchMany: (ids: string[]) => Promise<Map<string, unknown>>,
): Promise<Map<string, unknown>> {
  if (ids.length <= BATCH_IDS) return fetchMany(ids);
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += BATCH_IDS) chunks.push(ids.slice(i, i + BATCH_IDS));
  const found = new Map<string, unknown>();
  for (const part of await Promise.all(chunks.map(fetchMany))) for (const [k, v] of part) found.set(k, v);
  return found;
}

export function graphQLContext(ctx: TenantContext, scopes: readonly Scope[]): GraphQLContext {
  const memo = new Map<string, Promise<unknown>>();
  const families = new Map<string, Family>();
  return {
    ctx,
    scopes,
    load<T>(key: string, fn: () => Promise<T>) {
      let found = memo.get(key) as Promise<T> | undefined;
      if (!found) {
        found = fn();
        memo.set(key, found);
      }
      return found;
    },
    batch<V>(family: string, id: string, fetchMany: (ids: string[]) => Promise<Map<string, V>>) {
      let f = families.get(family);
      if (!f) {
        f = { open: null, byId: new Map() };
        families.set(family, f);
      }
      const known = f.byId.get(id) as Promise<V | undefined> | undefined;
      if (known) return known;
      if (!f.open) {
        // graphql-js calls the resolvers of a list's items in one synchronous pass (and their
        // awaited steps in the microtasks after it); a timer fires after all of them.
        const current = f;
        const ids: string[] = [];
        const fetched = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(async () => {
          current.open = null;
          return fetchInChunks(ids, fetchMany as (ids: string[]) => Promise<Map<string, unknown>>);
        });
        f.open = { ids, fetched };
      }
      f.open.ids.push(id);
      const result = f.open.fetched.then((found) => found.get(id) as V | undefined);
      f.byId.set(id, result);
      return result;
    },
  };
}
