import type { MONITORED_ENTITY_TYPES } from "../../../../db/shard/monitoring";
import type { TenantContext } from "../../../../db/tenant-context";
import { isUuid } from "../../../../lib/crypto";
import { type AmlPreload, preloadAml } from "../../../aml/evaluation/service";
import { peerNorms } from "../../../data/peers/service";
import { isFraudEntity } from "../../../detection/domain/outcome";
import { entityStarts, type FraudPreload, preloadFraud } from "../../../fraud/evaluation/service";
import { asOfPoints } from "../../domain/event-time";

/**
 * A page's reads, done once for all its entities (docs/methodology/monitoring.md#performance):
 * one statement finds the registered entities (customers, accounts, agents), then per entity
 * type the fraud activity (two statements), the AML features (one per rule group) and each
 * kind's allowlist. Per entity, screening then reads only custom rules (none by default).
 */
interface Entity {
  entityType: (typeof MONITORED_ENTITY_TYPES)[number];
  entityId: string;
}

export interface EntityPreload {
  /** Not in the registry (deleted, or never was): screened with nothing found. */
  gone: boolean;
  fraud: FraudPreload | null;
  aml: AmlPreload | null;
}

const keyOf = (e: Entity) => `${e.entityType}:${e.entityId}`;

export async function preloadPage(
  ctx: TenantContext,
  entities: readonly Entity[],
  at: { now: Date; windowDays: number },
): Promise<Map<string, EntityPreload>> {
  const idsOf = (type: Entity["entityType"]) =>
    entities.filter((e) => e.entityType === type).map((e) => e.entityId);
  // Customers and accounts are UUIDs: any other id is not one (evaluate answers 404 for it).
  const starts = await entityStarts(ctx, {
    customer: idsOf("customer").filter((id) => isUuid(id)),
    account: idsOf("account").filter((id) => isUuid(id)),
    agent: idsOf("agent"),
  });
  const registered = (e: Entity) =>
    e.entityType === "merchant" || e.entityType === "counterparty" || starts.has(keyOf(e));
  const found = entities.filter(registered);
  const types = [...new Set(found.map((e) => e.entityType))];
  const byType = await Promise.all(
    types.map(async (entityType) => {
      const entityIds = found.filter((e) => e.entityType === entityType).map((e) => e.entityId);
      const page = { entityIds, ...at };
      // The page's peer groups, read once for both evaluations (docs/methodology/peers.md).
      const peers = await peerNorms(ctx, entityType, entityIds);
      const [fraud, aml] = await Promise.all([
        isFraudEntity(entityType) ? preloadFraud(ctx, { ...page, entityType }, starts, peers) : null,
        preloadAml(ctx, { ...page, entityType }, peers),
      ]);
      return { entityType, fraud, aml };
    }),
  );
  const out = new Map<string, EntityPreload>();
  for (const e of entities) out.set(keyOf(e), { gone: true, fraud: null, aml: null });
  for (const { entityType, fraud, aml } of byType)
    for (const [id, a] of aml)
      out.set(`${entityType}:${id}`, { gone: false, fraud: fraud?.get(id) ?? null, aml: a });
  return out;
}

export const preloadOf = (pre: Map<string, EntityPreload>, e: Entity) => pre.get(keyOf(e));

/** Each entity's preloads, one per as-of point, latest first (docs/methodology/monitoring.md#event-time). */
export type PointPreloads = Map<string, EntityPreload[]>;

/**
 * The page's reads at each entity's as-of points (domain/event-time.ts): one preloadPage per
 * distinct point, for the entities judged at it. Arrivals of the same day share a point, so a
 * live page reads once and a backfill page a few times (one per window it spans).
 */
export async function preloadPoints(
  ctx: TenantContext,
  entities: ReadonlyArray<Entity & { eventsFrom?: string | null; eventsTo?: string | null }>,
  at: { now: Date; windowDays: number; present?: string | null },
): Promise<PointPreloads> {
  const byPoint = new Map<number, Entity[]>();
  const pointsOf = new Map<string, number[]>();
  for (const e of entities) {
    const span = { eventsFrom: e.eventsFrom ?? null, eventsTo: e.eventsTo ?? null };
    const points = asOfPoints(span, at.now, at.windowDays, at.present ?? null).map((d) => d.getTime());
    pointsOf.set(keyOf(e), points);
    for (const point of points) byPoint.set(point, [...(byPoint.get(point) ?? []), e]);
  }
  const loaded = new Map<number, Map<string, EntityPreload>>();
  for (const [point, group] of byPoint)
    loaded.set(point, await preloadPage(ctx, group, { now: new Date(point), windowDays: at.windowDays }));
  const out: PointPreloads = new Map();
  for (const [key, points] of pointsOf)
    out.set(
      key,
      points.map((p) => loaded.get(p)!.get(key)!),
    );
  return out;
}

export const preloadsOf = (pre: PointPreloads, e: Entity) => pre.get(keyOf(e)) ?? [];
