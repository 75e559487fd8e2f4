import { env } from "cloudflare:workers";
import { objectKind } from "../../src/modules/usage/domain/quota";
import { call, json, type TestTenant } from "../harness";

// What the recount tests compare: a tenant's R2 totals (GET /v1/usage) and the bucket's contents.

export type Figures = { kind: string; objects: number; bytes: number };

export const usageObjects = async (t: TestTenant) =>
  (await json<{ storage: { objects: Figures[] } }>(await call("GET", "/v1/usage", { key: t.key }))).storage
    .objects;

/** What the bucket holds under the tenant's prefix, per kind, by listing it here. */
export async function bucketFigures(tenantId: string): Promise<Figures[]> {
  const sums = new Map<string, Figures>();
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ prefix: `tenants/${tenantId}/`, cursor });
    for (const o of page.objects) {
      const kind = objectKind(tenantId, o.key) ?? "other";
      const s = sums.get(kind) ?? { kind, objects: 0, bytes: 0 };
      sums.set(kind, { kind, objects: s.objects + 1, bytes: s.bytes + o.size });
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return [...sums.values()];
}

export const nonZero = (figures: Figures[]) =>
  figures.filter((f) => f.objects > 0 || f.bytes > 0).sort((a, b) => a.kind.localeCompare(b.kind));
