import type { TenantContext } from "../../db/tenant-context";
import type { Scope } from "../../http/scopes";

/** What every resolver gets: the tenant (from the API key only), the key's scopes, a memo. */
export interface GraphQLContext {
  ctx: TenantContext;
  scopes: readonly Scope[];
  /** Runs `fn` once per key and request: the same lookup asked twice shares one result. */
  load<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

export function graphQLContext(ctx: TenantContext, scopes: readonly Scope[]): GraphQLContext {
  const memo = new Map<string, Promise<unknown>>();
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
  };
}
