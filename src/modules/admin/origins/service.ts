import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type ControlDb, controlDb } from "../../../db/client";
import { tenantOrigins } from "../../../db/control-schema";
import { tenantWhere } from "../../../db/tenant-tables";
import type { Env } from "../../../env";
import { BoundedTtlCache } from "../../../lib/bounded-cache";

// CORS origins (docs/decisions/http-conventions.md#cors): settings.allowedOrigins is the
// source; tenant_origins mirrors it for the keyless preflight's indexed lookup.

/** Statements that make tenant_origins hold exactly `origins` for the tenant (ride in its batch). */
export function originStatements(db: ControlDb, tenantId: string, origins: string[]): BatchItem<"sqlite">[] {
  const replace: BatchItem<"sqlite">[] = [
    db.delete(tenantOrigins).where(tenantWhere({ tenantId }, tenantOrigins)),
  ];
  const unique = [...new Set(origins)];
  if (unique.length > 0)
    replace.push(db.insert(tenantOrigins).values(unique.map((origin) => ({ origin, tenantId }))));
  return replace;
}

/** Answers per origin are cached 5 s per isolate (as API keys), bounded against floods of made-up origins. */
const ORIGIN_CACHE_TTL_MS = 5_000;
const originCache = new BoundedTtlCache<boolean>(10_000, ORIGIN_CACHE_TTL_MS);

/** Whether any tenant lists `origin`: what a preflight, which carries no key, can know. */
export async function isOriginListed(env: Env, origin: string, nowMs = Date.now()): Promise<boolean> {
  const cached = originCache.get(origin, nowMs);
  if (cached !== undefined) return cached;
  const row = await controlDb(env)
    .select({ origin: tenantOrigins.origin })
    .from(tenantOrigins)
    .where(eq(tenantOrigins.origin, origin))
    .limit(1)
    .get();
  originCache.set(origin, row !== undefined, nowMs);
  return row !== undefined;
}

/** A tenant's list changed: this isolate forgets its answers at once (others within the TTL). */
export const forgetOrigins = (origins: string[]) => {
  for (const origin of origins) originCache.delete(origin);
};
