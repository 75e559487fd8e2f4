/**
 * The AML built-ins as a rule-set backtest (rules/backtest) runs them: which entities each rule
 * of one version's content fires for over a range, and the active entities it pages through.
 * Set-based over the feature queries (features/repo.ts), like the threshold backtest.
 */
import type { TenantContext } from "../../../db/tenant-context";
import { daysBefore } from "../../../lib/clock";
import { AML_RULES, type AmlEntityType } from "../../detection/domain/aml/rules";
import type { Thresholds } from "../../detection/domain/aml/thresholds";
import { fired } from "../backtest/service";
import type { EntityFeatures } from "../domain/features";
import {
  countEntities,
  entityPage,
  FAMILY_THRESHOLDS,
  type Family,
  type FeatureQuery,
  type KeyRange,
  loadFeatures,
} from "../features/repo";
import { homeCountry } from "../service";

export type { KeyRange } from "../features/repo";

// ---- rule-set backtests (rules/backtest): the built-ins of one version's content ------------

export interface RuleGroup {
  ruleIds: string[];
  thresholds: Thresholds;
  /** null: the backtest's own window [from, to]. */
  windowDays: number | null;
}

export interface GroupHitsInput {
  entityType: AmlEntityType;
  from: Date;
  to: Date;
  groups: RuleGroup[];
  highRiskCountries: string[];
  /** The lowest velocityMaxCount of every group sharing the cache (both versions). */
  velocityPrefilter: number;
  partition?: { index: number; count: number };
  /** Entities with key in (after, upto]: one page of a rule-set backtest. */
  keyRange?: KeyRange;
}

/** Features already loaded in this run, by window start: the next group re-runs only the families it changes. */
export type FeatureCache = Map<string, { thresholds: Thresholds; features: Map<string, EntityFeatures> }>;

/**
 * Which entities each rule of each group fires for (set-based: five statements for the first
 * group of a window, then only the statements whose SQL reads a threshold the group changes).
 * Both versions of a backtest share `cache`, so an unchanged group costs no statement at all.
 */
export async function groupHits(
  ctx: TenantContext,
  input: GroupHitsInput,
  cache: FeatureCache,
): Promise<{ hits: Map<string, Set<string>>; statements: number }> {
  const hits = new Map<string, Set<string>>();
  const windowEnd = input.to.toISOString();
  let statements = 0;
  for (const group of input.groups) {
    const windowStart = (
      group.windowDays ? daysBefore(input.to, group.windowDays) : input.from
    ).toISOString();
    const query: FeatureQuery = {
      entityType: input.entityType,
      windowStart,
      windowEnd,
      thresholds: group.thresholds,
      highRiskCountries: input.highRiskCountries,
      homeCountry: homeCountry(ctx),
      velocityPrefilter: input.velocityPrefilter,
      partition: input.partition && input.partition.count > 1 ? input.partition : undefined,
      keyRange: input.keyRange,
    };
    const base = cache.get(windowStart);
    let features: Map<string, EntityFeatures>;
    if (!base) {
      features = await loadFeatures(ctx, query);
      statements += FAMILY_COUNT;
      cache.set(windowStart, { thresholds: group.thresholds, features });
    } else {
      const changed = (Object.keys(FAMILY_THRESHOLDS) as Family[]).filter((family) =>
        FAMILY_THRESHOLDS[family].some((name) => base.thresholds[name] !== group.thresholds[name]),
      );
      features = changed.length
        ? await loadFeatures(ctx, query, { base: base.features, families: changed })
        : base.features;
      statements += changed.length;
    }
    const rules = group.ruleIds.map((id) => AML_RULES.find((r) => r.ruleId === id)!);
    for (const [id, ids] of fired(features, rules, group.thresholds, {
      highRiskCountries: input.highRiskCountries,
      at: windowEnd,
    }))
      for (const ruleId of ids.ids) {
        const set = hits.get(ruleId) ?? new Set<string>();
        set.add(id);
        hits.set(ruleId, set);
      }
  }
  return { hits, statements };
}

const FAMILY_COUNT = Object.keys(FAMILY_THRESHOLDS).length;

/** Entities of a type with a transaction in [from, to]. */
export const activeEntitiesBetween = (
  ctx: TenantContext,
  input: { entityType: AmlEntityType; from: Date; to: Date },
) =>
  countEntities(ctx, {
    entityType: input.entityType,
    windowStart: input.from.toISOString(),
    windowEnd: input.to.toISOString(),
  });

/** The next page of at most `size` entities active in [from, to], in key order after `after`. */
export const activeEntityPage = (
  ctx: TenantContext,
  input: { entityType: AmlEntityType; from: Date; to: Date; after?: string; size: number },
) =>
  entityPage(ctx, {
    entityType: input.entityType,
    windowStart: input.from.toISOString(),
    windowEnd: input.to.toISOString(),
    after: input.after,
    size: input.size,
  });
