import type { ObjectFigures } from "../../../db/control-schema";
import type { Env } from "../../../env";
import { jobs, type ObjectRecountMessage } from "../../../jobs/messages";
import { objectKind } from "../domain/quota";
import { objectTotals } from "../repo";
import * as repo from "./repo";

/** Keys per list call: R2's maximum. */
export const LIST_PAGE_KEYS = 1_000;
/** List calls per turn: 20,000 objects, a few seconds, then the turn saves and continues. */
const PAGES_PER_TURN = 20;

/**
 * JOBS_QUEUE "usage.object-recount": one turn of a recount. It lists pages of the tenant's prefix
 * from the saved cursor, adds them to the saved figures per kind and saves (compare-and-set on
 * `step`, so a duplicate or late message does nothing) with the next message; the last turn sets
 * the totals in the same batch as it finishes the recount. A crash re-runs the turn from the last
 * save: listing is read-only, so nothing is counted twice.
 */
export async function objectRecountJob(
  env: Env,
  message: ObjectRecountMessage,
  pageKeys = LIST_PAGE_KEYS,
  pagesPerTurn = PAGES_PER_TURN,
): Promise<void> {
  const row = await repo.findRecount(env, message.tenantId, message.recountId);
  if (row?.status !== "running" || row.step !== message.step) return;
  const prefix = `tenants/${row.tenantId}/`;
  const counted: Record<string, ObjectFigures> = structuredClone(row.counted);
  let cursor: string | null = row.cursor;
  let pages = row.pages;
  for (let i = 0; i < pagesPerTurn; i++) {
    const listed = await env.FILES.list({ prefix, limit: pageKeys, ...(cursor ? { cursor } : {}) });
    for (const object of listed.objects) {
      const kind = objectKind(row.tenantId, object.key) ?? "other";
      const figures = counted[kind] ?? { objects: 0, bytes: 0 };
      counted[kind] = { objects: figures.objects + 1, bytes: figures.bytes + object.size };
    }
    pages++;
    cursor = listed.truncated ? listed.cursor : null;
    if (cursor === null) break;
  }
  const at = new Date().toISOString();
  if (cursor !== null) {
    const saved = await repo.saveTurn(env, row, { cursor, pages, counted }, at);
    if (saved) await env.JOBS_QUEUE.send(jobs.objectRecount(saved.tenantId, saved.id, saved.step));
    return;
  }
  const before = Object.fromEntries(
    (await objectTotals(env, row.tenantId)).map((t) => [t.kind, { objects: t.objects, bytes: t.bytes }]),
  );
  await repo.applyRecount(env, row, { pages, counted, before }, crypto.randomUUID(), at);
}
