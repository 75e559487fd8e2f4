import { AML_RULES, type AmlEntityType, isNetworkRule } from "../../../detection/domain/aml/rules";
import { mergeThresholds, type Thresholds } from "../../../detection/domain/aml/thresholds";
import { SIGNALS } from "../../../detection/domain/fraud/catalog";
import { rulesFor } from "../../../rules/domain/custom/compile";
import type { RuleSetContent, RuleSetKind } from "../../../rules/domain/document";

/**
 * What a backtest runs for one version's content (pure): the AML built-ins grouped by the
 * thresholds and window their statements read (a per-rule parameter override or window makes
 * its own group), and why the others are left out.
 */
export interface BuiltinGroup {
  /** Canonical key: rules with equal thresholds and window share statements. */
  key: string;
  ruleIds: string[];
  thresholds: Thresholds;
  windowDays: number | null;
}

export interface Skipped {
  ruleId: string;
  reason: string;
}

export interface SidePlan {
  groups: BuiltinGroup[];
  skipped: Skipped[];
}

export interface PlanContext {
  entityType: AmlEntityType;
  hasHighRiskCountries: boolean;
  hasHomeCountry: boolean;
}

const sortedJson = (t: Thresholds) =>
  JSON.stringify(Object.fromEntries(Object.entries(t).sort(([a], [b]) => (a < b ? -1 : 1))));

export function amlBuiltinPlan(content: RuleSetContent, ctx: PlanContext): SidePlan {
  const base = mergeThresholds(content.thresholds);
  const groups = new Map<string, BuiltinGroup>();
  const skipped: Skipped[] = [];
  for (const rule of AML_RULES) {
    const config = content.builtins[rule.ruleId];
    if (!(config?.enabled ?? rule.isEnabled)) continue;
    // Network typologies are scanned over all holders at once (monitoring's network scan).
    if (isNetworkRule(rule)) continue;
    if (!rule.applicableTo.includes(ctx.entityType))
      skipped.push({ ruleId: rule.ruleId, reason: `does not apply to entityType ${ctx.entityType}` });
    else if (rule.requiresHighRiskCountries && !ctx.hasHighRiskCountries)
      skipped.push({ ruleId: rule.ruleId, reason: "the tenant has no high_risk_countries list entries" });
    else if (rule.requiresHomeCountry && !ctx.hasHomeCountry)
      skipped.push({ ruleId: rule.ruleId, reason: "needs the tenant's home country (settings.country)" });
    else {
      const thresholds = { ...base, ...config?.parameters };
      const windowDays = config?.windowDays ?? null;
      const key = `${windowDays ?? "-"}|${sortedJson(thresholds)}`;
      const group = groups.get(key) ?? { key, ruleIds: [], thresholds, windowDays };
      group.ruleIds.push(rule.ruleId);
      groups.set(key, group);
    }
  }
  return { groups: [...groups.values()], skipped };
}

/**
 * The fraud built-ins a backtest runs: those either version enables that apply to the entity
 * type (fraud signals have no counterparty form). They are evaluated per entity in pages
 * (fraud/backtest), not set-based (docs/decisions/rule-set-backtest.md).
 */
export function fraudBuiltinPlan(
  live: RuleSetContent,
  draft: RuleSetContent,
  entityType: AmlEntityType,
): { ids: string[]; skipped: Skipped[] } {
  const ids: string[] = [];
  const skipped: Skipped[] = [];
  for (const s of SIGNALS) {
    const enabled = (c: RuleSetContent) => c.builtins[s.signalId]?.enabled ?? s.isEnabled;
    if (!enabled(live) && !enabled(draft)) continue;
    if ((s.applicableTo as readonly string[]).includes(entityType)) ids.push(s.signalId);
    else skipped.push({ ruleId: s.signalId, reason: `does not apply to entityType ${entityType}` });
  }
  return { ids, skipped };
}

/** The custom rule ids either version runs for the entity type, in first-seen order. */
export function customRuleIds(
  live: RuleSetContent,
  draft: RuleSetContent,
  entityType: AmlEntityType,
): string[] {
  const ids = [...rulesFor(live.custom, entityType), ...rulesFor(draft.custom, entityType)].map(
    (r) => r.ruleId,
  );
  return [...new Set(ids)];
}

/** Built-in ids either version runs (union of the groups), in catalog order. */
export function builtinRuleIds(kind: RuleSetKind, live: SidePlan, draft: SidePlan): string[] {
  if (kind === "fraud") return []; // fraudBuiltinPlan
  const ran = new Set([...live.groups, ...draft.groups].flatMap((g) => g.ruleIds));
  return AML_RULES.map((r) => r.ruleId).filter((id) => ran.has(id));
}
