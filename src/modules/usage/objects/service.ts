import type { Env } from "../../../env";
import { type ObjectKind, objectKind } from "../domain/quota";
import * as repo from "../repo";

/**
 * R2 objects a tenant stores, counted as the Worker writes them (docs/decisions/fairness.md#r2-objects):
 * every put and delete under `tenants/{tenantId}/` goes through here, which keeps a running total
 * per kind in CONTROL_DB. Listing the bucket instead would cost one call per 1,000 objects on
 * every check; the total costs one row read.
 */

const now = () => new Date().toISOString();

function kindOf(tenantId: string, key: string): ObjectKind {
  const kind = objectKind(tenantId, key);
  if (!kind) throw new Error(`object key ${key} is outside tenant ${tenantId}'s prefix`);
  return kind;
}

/**
 * Puts an object and counts it: an overwrite counts the size difference (the old object's size
 * from a head before the put). The count follows the put, so a crash between them leaves the
 * object uncounted, never counted without bytes (docs: the drift and how it is bounded).
 */
export async function putTenantObject(
  env: Env,
  tenantId: string,
  key: string,
  body: string | ArrayBuffer | ArrayBufferView,
  options?: R2PutOptions,
): Promise<R2Object> {
  const kind = kindOf(tenantId, key);
  const before = await env.FILES.head(key);
  const put = await env.FILES.put(key, body, options);
  if (!put) throw new Error(`R2 refused the put of ${key}`); // only with onlyIf, which no caller passes
  await repo.addObjects(
    env,
    tenantId,
    kind,
    { objects: before ? 0 : 1, bytes: put.size - (before?.size ?? 0) },
    now(),
  );
  return put;
}

/** Deletes listed objects of the tenant (sizes from the listing) and takes them off the totals. */
export async function deleteTenantObjects(
  env: Env,
  tenantId: string,
  objects: ReadonlyArray<{ key: string; size: number }>,
): Promise<void> {
  if (objects.length === 0) return;
  const byKind = new Map<ObjectKind, { objects: number; bytes: number }>();
  for (const o of objects) {
    const kind = kindOf(tenantId, o.key);
    const sum = byKind.get(kind) ?? { objects: 0, bytes: 0 };
    byKind.set(kind, { objects: sum.objects + 1, bytes: sum.bytes + o.size });
  }
  await env.FILES.delete(objects.map((o) => o.key));
  const at = now();
  for (const [kind, sum] of byKind)
    await repo.addObjects(env, tenantId, kind, { objects: -sum.objects, bytes: -sum.bytes }, at);
}
