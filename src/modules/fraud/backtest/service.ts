import type { TenantContext } from "../../../db/tenant-context";
import { drainSliced } from "../../../lib/slices";
import { type SignalConfig, selectSignals } from "../../detection/domain/fraud/catalog";
import { tenantTimeZone } from "../../rules/service";
import { DAY_MS } from "../domain/activity";
import { evaluationSteps } from "../domain/evaluate";
import type { EntityType } from "../domain/types";
import { loadActivity } from "../evaluation/repo";
import { ACTIVITY_CAP, BASELINE_DAYS, signalsOf, toTxn } from "../evaluation/service";
import * as repo from "../repo";
import { activeEntitiesPage } from "./repo";

/** Signal id -> entity ids it fired for. */
export type SignalHits = Map<string, Set<string>>;

export interface SignalHitsPageInput {
  entityType: EntityType;
  from: Date;
  to: Date;
  after: string | undefined;
  pageSize: number;
  /** The built-in configuration of each version compared (e.g. live and draft). */
  versions: [Record<string, SignalConfig>, Record<string, SignalConfig>];
  /** The AML largeCashAmount (major units) the structuring signal reads. */
  largeCashAmount: number | undefined;
}

/** Entities evaluated concurrently within a page (two statements each). */
const CONCURRENCY = 10;

/**
 * The fraud built-ins over one page of the entities active in [from, to], as of `to`, under
 * two configurations. Each entity's activity is read once (2 statements) and both versions
 * run on it in memory, exactly as evaluation does; the window is the range. Statements:
 * 1 + 2 per entity. Nothing is written.
 */
export async function signalHitsPage(ctx: TenantContext, input: SignalHitsPageInput) {
  const entities = await activeEntitiesPage(ctx, {
    entityType: input.entityType,
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    after: input.after,
    limit: input.pageSize,
  });
  const windowDays = Math.max(1, Math.ceil((input.to.getTime() - input.from.getTime()) / DAY_MS));
  const sides = input.versions.map((builtins) =>
    selectSignals(input.entityType, undefined, signalsOf(builtins, input.largeCashAmount)),
  );
  const longest = Math.max(windowDays, ...sides.flat().map((s) => s.windowDays ?? 0));
  const baselineStart = new Date(input.to.getTime() - (longest + BASELINE_DAYS) * DAY_MS).toISOString();
  const zone = tenantTimeZone(ctx, input.to);
  const hits: [SignalHits, SignalHits] = [new Map(), new Map()];
  const evaluateOne = async (entity: { id: string; createdAt: string | null }) => {
    const key = { column: input.entityType, value: entity.id };
    const [rows, before] = await Promise.all([
      loadActivity(ctx, key, { from: baselineStart, to: input.to.toISOString(), cap: ACTIVITY_CAP }),
      repo.lastActivityBefore(ctx, key, baselineStart),
    ]);
    const evaluation = {
      entityType: input.entityType,
      entityId: entity.id,
      now: input.to,
      windowDays,
      entityCreatedAt: entity.createdAt ? new Date(entity.createdAt) : null,
      transactions: rows.map(toTxn),
      activityBeforeBaselineAt: before ? Date.parse(before) : null,
      baselineDays: BASELINE_DAYS,
      timeZone: zone.timeZone,
      utcOffsetMinutes: zone.utcOffsetMinutes,
    };
    // In steps, as evaluation runs it: a long history yields between signals (faults.md).
    for (const [side, signals] of sides.entries()) {
      const { triggeredSignals } = await drainSliced(evaluationSteps(evaluation, signals));
      for (const s of triggeredSignals) {
        const set = hits[side]!.get(s.signalId) ?? new Set<string>();
        set.add(entity.id);
        hits[side]!.set(s.signalId, set);
      }
    }
  };
  for (let i = 0; i < entities.length; i += CONCURRENCY)
    await Promise.all(entities.slice(i, i + CONCURRENCY).map(evaluateOne));
  return {
    hits,
    next: entities.length < input.pageSize ? null : entities.at(-1)!.id,
    statements: 1 + 2 * entities.length,
  };
}
