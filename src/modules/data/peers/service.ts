import type { TenantContext } from "../../../db/tenant-context";
import { drainSliced } from "../../../lib/slices";
import { yieldToEventLoop } from "../../../lib/yield";
import {
  chooseGroup,
  type FeatureValues,
  nextPeerPageSize,
  PEER_PAGE_FIRST,
  PeerAccumulator,
  type PeerAttributes,
  type PeerNorm,
} from "../domain/peer-stats";
import * as repo from "./repo";

export type { PeerNorm } from "../domain/peer-stats";
export type PeerEntityType = repo.PeerEntityType;

const DAY_MS = 86_400_000;
/**
 * Page statements per refresh, both entity types together: within the 1,000 queries of one
 * invocation with room for the rest; pages of 50-1,000 entities sized to read about 3,000
 * transactions each (nextPeerPageSize). Past it the statistics stand on the entities read (the
 * run row's `entities` says how many).
 */
export const PEER_PAGE_BUDGET = 700;
/** Feature values summarised (sorted twice) between two yields to the event loop. */
const VALUES_PER_SLICE = 5_000;

export const isPeerEntity = (t: string): t is PeerEntityType => t === "customer" || t === "account";

const featuresOf = (r: repo.FeatureRow): FeatureValues => ({
  count30: r.count30,
  volume30: r.volume30,
  maxAmount30: r.maxAmount30,
  senders30: r.senders30,
  receivers30: r.receivers30,
  cashShare30: r.volume30 > 0 ? r.cash30 / r.volume30 : 0,
  count7: r.count7,
  volume7: r.volume7,
  counterparties7: r.counterparties7,
});

const attributesOf = (entityType: PeerEntityType, r: repo.FeatureRow): PeerAttributes => ({
  entityType,
  type: r.type ?? "",
  segment: r.segment ?? "",
  tier: r.tier ?? "",
});

export interface PeerRefresh {
  asOf: string | null;
  entities: number;
  groups: number;
  pages: number;
}

/**
 * Recomputes the tenant's peer-group statistics (docs/methodology/peers.md): every active
 * customer and account over the 30 days to the book's latest transaction (event time), read in
 * key-ordered pages with a yield between them, summarised per group and stored in one batch.
 * Skipped (null) when the transaction count is the last refresh's, unless forced.
 */
export async function refreshPeerStats(
  ctx: TenantContext,
  options: { force?: boolean } = {},
): Promise<PeerRefresh | null> {
  const started = Date.now();
  const now = ctx.clock.now();
  const [last, activity] = await Promise.all([repo.lastRun(ctx), repo.activity(ctx, now.toISOString())]);
  if (!options.force && last && last.throughTransactions === activity.transactions) return null;
  const acc = new PeerAccumulator();
  let entities = 0;
  let pages = 0;
  const asOf = activity.latest ? new Date(Date.parse(activity.latest)).toISOString() : null;
  if (activity.latest && asOf) {
    const end = Date.parse(asOf);
    const window = {
      asOf: activity.latest,
      from30: new Date(end - 30 * DAY_MS).toISOString(),
      from7: new Date(end - 7 * DAY_MS).toISOString(),
    };
    for (const entityType of ["customer", "account"] as const) {
      let after = "";
      let size = PEER_PAGE_FIRST;
      while (pages < PEER_PAGE_BUDGET) {
        const rows = await repo.featurePage(ctx, { entityType, after, size, ...window });
        pages++;
        let read = 0;
        for (const r of rows) {
          read += r.count30;
          // Every entity of the page has a row; those that moved no money in the window are out.
          if (r.count30 === 0) continue;
          acc.add(attributesOf(entityType, r), featuresOf(r));
          entities++;
        }
        if (rows.length < size) break;
        after = rows[rows.length - 1].id;
        size = nextPeerPageSize(size, read);
        await yieldToEventLoop();
      }
    }
  }
  const computedAt = now.toISOString();
  const norms = await drainSliced(acc.normsInSteps(asOf ?? computedAt, VALUES_PER_SLICE));
  const stored: repo.StoredNorm[] = norms.map((norm) => ({
    peerGroup: norm.group,
    members: norm.members,
    stats: JSON.stringify(norm.stats),
    asOf: norm.asOf,
    computedAt,
  }));
  await repo.replaceStats(ctx, stored, {
    computedAt,
    asOf,
    throughTransactions: activity.transactions,
    entities,
    groups: stored.length,
    durationMs: Date.now() - started,
  });
  return { asOf, entities, groups: stored.length, pages };
}

/** The entity's finest stored group with enough members, from storedGroupsOf's rows. */
function normsFrom(ids: readonly string[], rows: readonly repo.StoredGroupRow[]) {
  const byEntity = new Map<string, Map<string, PeerNorm>>();
  // Finest first: chooseGroup takes the first with enough members.
  for (const r of [...rows].sort((a, b) => a.level - b.level)) {
    const norms = byEntity.get(r.id) ?? new Map<string, PeerNorm>();
    norms.set(r.peerGroup, {
      group: r.peerGroup,
      members: r.members,
      asOf: r.asOf,
      stats: JSON.parse(r.stats),
    });
    byEntity.set(r.id, norms);
  }
  const out = new Map<string, PeerNorm | null>();
  for (const id of ids) {
    const norms = byEntity.get(id);
    out.set(id, norms ? chooseGroup([...norms.keys()], norms) : null);
  }
  return out;
}

/**
 * refreshPeerStats for a job that goes on with other work (the network scan, a run's screenings):
 * a failure is logged and leaves the last statistics in force; the next drain or run asks again.
 */
export async function refreshPeerStatsOrLog(ctx: TenantContext): Promise<PeerRefresh | null> {
  try {
    return await refreshPeerStats(ctx);
  } catch (err) {
    console.error(JSON.stringify({ msg: "peer refresh failed", tenantId: ctx.tenantId, error: String(err) }));
    return null;
  }
}

/**
 * Each entity's peer norm (its finest group with enough members), or null: the entity's own
 * history alone decides. One statement for any number of entities, so a screening page reads its
 * peers once per entity type.
 */
export async function peerNorms(
  ctx: TenantContext,
  entityType: string,
  ids: readonly string[],
): Promise<Map<string, PeerNorm | null>> {
  if (!isPeerEntity(entityType) || ids.length === 0) return new Map(ids.map((id) => [id, null]));
  return normsFrom(ids, await repo.storedGroupsOf(ctx, entityType, ids));
}

/** One entity's peer norm (evaluate endpoints without a batch of their own). */
export const peerNormOf = async (ctx: TenantContext, entityType: string, id: string) =>
  (await peerNorms(ctx, entityType, [id])).get(id) ?? null;

/**
 * One entity's peer read as a statement for the caller's batch (no round trip of its own), and
 * the decoding of its result; null for entity types without peer groups (nothing to read).
 */
export function peerRead(ctx: TenantContext, entityType: string, id: string) {
  if (!isPeerEntity(entityType)) return null;
  return {
    item: repo.storedGroupsOf(ctx, entityType, [id]),
    decode: (rows: readonly repo.StoredGroupRow[]) => normsFrom([id], rows).get(id) ?? null,
  };
}
