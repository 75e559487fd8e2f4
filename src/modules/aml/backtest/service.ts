import type { TenantContext } from "../../../db/tenant-context";
import { daysBefore } from "../../../lib/clock";
import { yieldToEventLoop } from "../../../lib/yield";
import {
  type AmlEntityType,
  type AmlRuleDefinition,
  type RiskLevel,
  riskRank,
} from "../../detection/domain/aml/rules";
import { mergeThresholds, type Thresholds } from "../../detection/domain/aml/thresholds";
import { evaluateRules, highestRiskLevel } from "../domain/evaluate";
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

import { checkThresholdValues, effectiveThresholds, homeCountry, selectRules } from "../service";

export interface BacktestInput {
  entityType: AmlEntityType;
  windowDays: number;
  ruleIds?: string[];
  thresholds?: Record<string, unknown>;
  highRiskCountries?: string[];
  top: number;
}

const SAMPLE = 20;
/** Entities above this many (with activity in the window) are backtested on the jobs queue. */
export const SYNC_BACKTEST_MAX_ENTITIES = 10_000;
/**
 * A queued run reads its entities in key ranges of this many: each statement then costs about a
 * range, never the whole tenant, so a tenant's backtests leave the shard (and, locally, the one
 * workerd thread) to other tenants' work between statements (docs/decisions/fairness.md#bench).
 */
export const ENTITIES_PER_RANGE = 500;

export function validateBacktest(ctx: TenantContext, input: BacktestInput) {
  const selection = selectRules(input.entityType, input.ruleIds, input.highRiskCountries, homeCountry(ctx));
  const trialValues = input.thresholds ? checkThresholdValues(input.thresholds, "thresholds") : {};
  return { ...selection, trialValues };
}

const windowOf = (ctx: TenantContext, windowDays: number) => {
  const now = ctx.clock.now();
  return { windowStart: daysBefore(now, windowDays).toISOString(), windowEnd: now.toISOString() };
};

export const activeEntities = (ctx: TenantContext, input: BacktestInput) =>
  countEntities(ctx, { entityType: input.entityType, ...windowOf(ctx, input.windowDays) });

/** Per entity, only what the summary needs: which rules fired, current and trial. */
interface Fired {
  current: string[];
  trial: string[];
  trialRisk: RiskLevel | null;
}

export function fired(
  features: Map<string, EntityFeatures>,
  rules: AmlRuleDefinition[],
  thresholds: Thresholds,
  options: { highRiskCountries: string[]; at: string },
) {
  const out = new Map<string, { ids: string[]; risk: RiskLevel | null }>();
  for (const [id, f] of features) {
    const outcomes = evaluateRules(f, rules, thresholds, options);
    out.set(id, {
      ids: outcomes.filter((o) => o.triggered).map((o) => o.ruleId),
      risk: highestRiskLevel(outcomes),
    });
  }
  return out;
}

/**
 * Runs the rules over every entity of a type with activity in the window, under the current
 * thresholds and under trial values, without opening cases. Set-based: five statements per key
 * range of `rangeSize` entities (a queued run: ENTITIES_PER_RANGE, plus one statement to find each
 * range) or for all at once (a synchronous run), and trial values re-run only the statements
 * whose SQL reads a changed threshold. Either way an entity's features are the same.
 */
export async function backtest(
  ctx: TenantContext,
  input: BacktestInput,
  options: { rangeSize?: number } = {},
) {
  const { rules, skipped, trialValues } = validateBacktest(ctx, input);
  const { thresholds: current, ruleSetVersion, ruleSetHash } = await effectiveThresholds(ctx);
  const ruleSet = { kind: "aml" as const, version: ruleSetVersion, hash: ruleSetHash };
  const trial = mergeThresholds(current, trialValues);
  const { windowStart, windowEnd } = windowOf(ctx, input.windowDays);
  const highRiskCountries = input.highRiskCountries ?? [];
  const changed = (Object.keys(FAMILY_THRESHOLDS) as Family[]).filter((family) =>
    FAMILY_THRESHOLDS[family].some((name) => current[name] !== trial[name]),
  );
  const evalOptions = { highRiskCountries, at: windowEnd };
  const results = new Map<string, Fired>();
  const run = async (keyRange?: KeyRange) => {
    const base: Omit<FeatureQuery, "thresholds"> = {
      entityType: input.entityType,
      windowStart,
      windowEnd,
      highRiskCountries,
      homeCountry: homeCountry(ctx),
      velocityPrefilter: Math.min(current.velocityMaxCount, trial.velocityMaxCount),
      keyRange,
    };
    const currentFeatures = await loadFeatures(ctx, { ...base, thresholds: current });
    const trialFeatures = changed.length
      ? await loadFeatures(ctx, { ...base, thresholds: trial }, { base: currentFeatures, families: changed })
      : currentFeatures;
    // Each pass below runs every entity of the range synchronously: a slice of its own.
    await yieldToEventLoop();
    const now = fired(currentFeatures, rules, current, evalOptions);
    await yieldToEventLoop();
    const then = trialFeatures === currentFeatures ? now : fired(trialFeatures, rules, trial, evalOptions);
    for (const [id, c] of now) {
      const t = then.get(id) ?? { ids: [], risk: null };
      results.set(id, { current: c.ids, trial: t.ids, trialRisk: t.risk });
    }
  };
  if (!options.rangeSize) await run();
  else {
    for (let after: string | undefined, more = true; more; ) {
      const page = await entityPage(ctx, {
        entityType: input.entityType,
        windowStart,
        windowEnd,
        after,
        size: options.rangeSize,
      });
      if (page.last === null) break;
      await run({ after, upto: page.last });
      after = page.last;
      more = page.more;
    }
  }
  return summarize(results, rules, input, { windowStart, windowEnd, current, trial, skipped, ruleSet });
}

function summarize(
  results: Map<string, Fired>,
  rules: AmlRuleDefinition[],
  input: BacktestInput,
  extra: {
    windowStart: string;
    windowEnd: string;
    current: Thresholds;
    trial: Thresholds;
    skipped: Array<{ ruleId: string; reason: string }>;
    ruleSet: { kind: "aml"; version: number; hash: string };
  },
) {
  const perRule = rules.map((rule) => {
    let currentHits = 0;
    let trialHits = 0;
    const added: string[] = [];
    const removed: string[] = [];
    for (const [id, r] of results) {
      const before = r.current.includes(rule.ruleId);
      const after = r.trial.includes(rule.ruleId);
      if (before) currentHits++;
      if (after) trialHits++;
      if (after && !before) added.push(id);
      if (before && !after) removed.push(id);
    }
    added.sort();
    removed.sort();
    return {
      ruleId: rule.ruleId,
      ruleName: rule.name,
      currentHits,
      trialHits,
      added: added.length,
      removed: removed.length,
      addedSample: added.slice(0, SAMPLE),
      removedSample: removed.slice(0, SAMPLE),
    };
  });
  const ranked = [...results]
    .filter(([, r]) => r.trial.length > 0)
    .map(([entityId, r]) => ({
      entityId,
      totalTriggered: r.trial.length,
      highestRiskLevel: r.trialRisk,
      triggeredRuleIds: r.trial,
    }))
    .sort(
      (a, b) =>
        b.totalTriggered - a.totalTriggered ||
        (b.highestRiskLevel ? riskRank(b.highestRiskLevel) : -1) -
          (a.highestRiskLevel ? riskRank(a.highestRiskLevel) : -1) ||
        (a.entityId < b.entityId ? -1 : 1),
    );
  let entitiesTriggeredCurrent = 0;
  for (const r of results.values()) if (r.current.length) entitiesTriggeredCurrent++;
  return {
    entityType: input.entityType,
    windowDays: input.windowDays,
    windowStart: extra.windowStart,
    windowEnd: extra.windowEnd,
    entitiesEvaluated: results.size,
    currentThresholds: extra.current,
    trialThresholds: extra.trial,
    rules: perRule,
    skippedRules: extra.skipped,
    topEntities: ranked.slice(0, input.top),
    entitiesTriggeredCurrent,
    entitiesTriggeredTrial: ranked.length,
    ruleSet: extra.ruleSet,
    persisted: false as const,
  };
}
