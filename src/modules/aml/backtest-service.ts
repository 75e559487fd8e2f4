import type { TenantContext } from "../../db/tenant-context";
import { daysBefore } from "../../lib/clock";
import { evaluateRules, highestRiskLevel, type RuleOutcome } from "./domain/evaluate";
import type { EntityFeatures } from "./domain/features";
import type { AmlEntityType, AmlRuleDefinition } from "./domain/rules";
import { mergeThresholds, type Thresholds } from "./domain/thresholds";
import { countEntities, FAMILY_THRESHOLDS, type Family, loadFeatures } from "./features-sql";
import { checkThresholdValues, effectiveThresholds, homeCountry, selectRules } from "./service";

export interface BacktestInput {
  entityType: AmlEntityType;
  windowDays: number;
  ruleIds?: string[];
  thresholds?: Record<string, unknown>;
  highRiskCountries?: string[];
  top: number;
}

const SAMPLE = 20;

function evaluateAll(
  features: Map<string, EntityFeatures>,
  rules: AmlRuleDefinition[],
  thresholds: Thresholds,
  options: { highRiskCountries: string[]; at: string },
) {
  const out = new Map<string, RuleOutcome[]>();
  for (const [id, f] of features) out.set(id, evaluateRules(f, rules, thresholds, options));
  return out;
}

/**
 * Runs the rules over every entity of a type with activity in the window, under the current
 * thresholds and under trial values, without opening cases. Set-based: five statements per
 * threshold set, whatever the number of entities.
 */
export function validateBacktest(input: BacktestInput) {
  const selection = selectRules(input.entityType, input.ruleIds, input.highRiskCountries);
  const trialValues = input.thresholds ? checkThresholdValues(input.thresholds, "thresholds") : {};
  return { ...selection, trialValues };
}

/** Entities above this many (with activity in the window) are backtested on the jobs queue. */
export const SYNC_BACKTEST_MAX_ENTITIES = 10_000;

export async function backtestIsLarge(ctx: TenantContext, input: BacktestInput): Promise<boolean> {
  const now = ctx.clock.now();
  const n = await countEntities(ctx, {
    entityType: input.entityType,
    windowStart: daysBefore(now, input.windowDays).toISOString(),
    windowEnd: now.toISOString(),
  });
  return n > SYNC_BACKTEST_MAX_ENTITIES;
}

export async function backtest(ctx: TenantContext, input: BacktestInput) {
  const { rules, skipped, trialValues } = validateBacktest(input);
  const { thresholds: current } = await effectiveThresholds(ctx);
  const trial = mergeThresholds(current, trialValues);
  const now = ctx.clock.now();
  const windowEnd = now.toISOString();
  const windowStart = daysBefore(now, input.windowDays).toISOString();
  const highRiskCountries = input.highRiskCountries ?? [];
  const base = {
    entityType: input.entityType,
    windowStart,
    windowEnd,
    highRiskCountries,
    homeCountry: homeCountry(ctx),
    velocityPrefilter: Math.min(current.velocityMaxCount, trial.velocityMaxCount),
  };
  const currentFeatures = await loadFeatures(ctx, { ...base, thresholds: current });
  // Re-query only the statements whose thresholds the trial changes.
  const changed = (Object.keys(FAMILY_THRESHOLDS) as Family[]).filter((family) =>
    FAMILY_THRESHOLDS[family].some((name) => current[name] !== trial[name]),
  );
  const trialFeatures = changed.length
    ? await loadFeatures(ctx, { ...base, thresholds: trial }, { base: currentFeatures, families: changed })
    : undefined;
  const options = { highRiskCountries, at: windowEnd };
  const currentOutcomes = evaluateAll(currentFeatures, rules, current, options);
  const trialOutcomes = trialFeatures ? evaluateAll(trialFeatures, rules, trial, options) : currentOutcomes;

  const hitsOf = (outcomes: Map<string, RuleOutcome[]>, ruleId: string) =>
    new Set(
      [...outcomes].filter(([, os]) => os.some((o) => o.ruleId === ruleId && o.triggered)).map(([id]) => id),
    );
  const perRule = rules.map((rule) => {
    const before = hitsOf(currentOutcomes, rule.ruleId);
    const after = hitsOf(trialOutcomes, rule.ruleId);
    const added = [...after].filter((id) => !before.has(id)).sort();
    const removed = [...before].filter((id) => !after.has(id)).sort();
    return {
      ruleId: rule.ruleId,
      ruleName: rule.name,
      currentHits: before.size,
      trialHits: after.size,
      added: added.length,
      removed: removed.length,
      addedSample: added.slice(0, SAMPLE),
      removedSample: removed.slice(0, SAMPLE),
    };
  });

  const ranked = [...trialOutcomes]
    .map(([entityId, outcomes]) => {
      const fired = outcomes.filter((o) => o.triggered);
      return {
        entityId,
        totalTriggered: fired.length,
        highestRiskLevel: highestRiskLevel(outcomes),
        triggeredRuleIds: fired.map((o) => o.ruleId),
      };
    })
    .filter((e) => e.totalTriggered > 0);
  const rank = { critical: 4, high: 3, medium: 2, low: 1 } as const;
  ranked.sort(
    (a, b) =>
      b.totalTriggered - a.totalTriggered ||
      (b.highestRiskLevel ? rank[b.highestRiskLevel] : 0) -
        (a.highestRiskLevel ? rank[a.highestRiskLevel] : 0) ||
      (a.entityId < b.entityId ? -1 : 1),
  );
  const countTriggered = (outcomes: Map<string, RuleOutcome[]>) =>
    [...outcomes.values()].filter((os) => os.some((o) => o.triggered)).length;

  return {
    entityType: input.entityType,
    windowDays: input.windowDays,
    windowStart,
    windowEnd,
    entitiesEvaluated: currentFeatures.size,
    currentThresholds: current,
    trialThresholds: trial,
    rules: perRule,
    skippedRules: skipped,
    topEntities: ranked.slice(0, input.top),
    entitiesTriggeredCurrent: countTriggered(currentOutcomes),
    entitiesTriggeredTrial: countTriggered(trialOutcomes),
    persisted: false as const,
  };
}
