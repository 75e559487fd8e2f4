import type { TenantContext } from "../../db/tenant-context";
import { homeCountryOf } from "../../lib/countries";
import { badRequest, type ErrorDetail, notFound } from "../../lib/errors";
import { getAgent, getCustomer } from "../data/service";
import {
  AML_RULES,
  type AmlEntityType,
  type AmlRuleDefinition,
  isNetworkRule,
  ruleById,
} from "../detection/domain/aml/rules";
import {
  mergeThresholds,
  THRESHOLD_DEFINITIONS,
  type Thresholds,
  validateThresholds,
} from "../detection/domain/aml/thresholds";
import { defaultThresholds } from "../rules/domain/defaults";
import { thresholdOverrides } from "../rules/domain/publication";
import { publishThresholds } from "../rules/publish/service";
import { liveRuleSet } from "../rules/service";
import * as repo from "./repo";

// ---- rules and thresholds --------------------------------------------------------------

/**
 * The thresholds of the live AML rule-set version (docs/methodology/rules.md): `overrides` are
 * the values that differ from the tenant's defaults (money scaled to its currency).
 */
export async function effectiveThresholds(ctx: TenantContext) {
  const live = await liveRuleSet(ctx, "aml");
  const thresholds = mergeThresholds(live.content.thresholds);
  return {
    overrides: thresholdOverrides(thresholds, defaultThresholds(ctx.tenant.settings.currency)),
    thresholds,
    ruleSetVersion: live.version,
    ruleSetHash: live.hash,
  };
}

export async function listRules(ctx: TenantContext) {
  const live = await liveRuleSet(ctx, "aml");
  const thresholds = mergeThresholds(live.content.thresholds);
  const rules = AML_RULES.map((r) => {
    const config = live.content.builtins[r.ruleId];
    const own = { ...thresholds, ...config?.parameters };
    return {
      ruleId: r.ruleId,
      name: r.name,
      description: r.description,
      category: r.category,
      caseType: r.caseType,
      defaultRiskLevel: r.defaultRiskLevel,
      isEnabled: config?.enabled ?? r.isEnabled,
      severity: config?.severity ?? r.defaultRiskLevel,
      weight: config?.weight ?? 1,
      thresholds: Object.fromEntries(r.thresholdNames.map((n) => [n, own[n]])),
      regulatoryBasis: r.regulatoryBasis,
      internalPolicy: r.internalPolicy,
      applicableTo: r.applicableTo,
      requiresHighRiskCountries: r.requiresHighRiskCountries,
    };
  });
  return {
    rules,
    totalEnabled: rules.filter((r) => r.isEnabled).length,
    allRuleIds: rules.map((r) => r.ruleId),
    ruleSetVersion: live.version,
    ruleSetHash: live.hash,
  };
}

export async function getThresholds(ctx: TenantContext) {
  return { ...(await effectiveThresholds(ctx)), definitions: THRESHOLD_DEFINITIONS.map((d) => ({ ...d })) };
}

export function checkThresholdValues(values: Record<string, unknown>, path: string): Thresholds {
  const problems = validateThresholds(values, path);
  if (problems.length) throw badRequest("Invalid thresholds", problems);
  return values as Thresholds;
}

/**
 * Publishes a new AML rule-set version with these thresholds (names left out return to their
 * defaults), audited as aml.thresholds_updated with what was in force before and after.
 */
export async function putThresholds(ctx: TenantContext, values: Record<string, unknown>) {
  await publishThresholds(ctx, checkThresholdValues(values, "thresholds"));
  return getThresholds(ctx);
}

// ---- rule selection ---------------------------------------------------------------------

export interface Selection {
  rules: AmlRuleDefinition[];
  skipped: Array<{ ruleId: string; reason: string }>;
}

/** Named rules must exist, apply to the entity type and have what they need (else 400). */
export interface LiveSelection {
  /** The live version's built-in configs: `enabled` decides what runs when no rule is named. */
  builtins?: Readonly<Record<string, { enabled: boolean }>>;
  /** Custom rule ids of the live version: named ones are accepted (evaluation runs them). */
  customIds?: ReadonlySet<string>;
}

export function selectRules(
  entityType: AmlEntityType,
  ruleIds: string[] | undefined,
  highRiskCountries: string[] | undefined,
  home: string | null = null,
  live: LiveSelection = {},
): Selection {
  const hasCountries = Boolean(highRiskCountries?.length);
  const NO_HOME =
    "needs the tenant's home country: the operator sets settings.country (the tenant currency belongs to no single country)";
  if (ruleIds) {
    const details: ErrorDetail[] = [];
    const rules: AmlRuleDefinition[] = [];
    ruleIds.forEach((id, i) => {
      const rule = ruleById(id);
      const path = `ruleIds.${i}`;
      if (!rule && live.customIds?.has(id)) return;
      if (!rule) details.push({ path, message: `Unknown rule ${id}` });
      else if (isNetworkRule(rule))
        details.push({
          path,
          message: `${id} is a network typology: the network scan finds it over the tenant's transfers, not one entity's evaluation`,
        });
      else if (!rule.applicableTo.includes(entityType))
        details.push({ path, message: `${id} does not apply to entityType ${entityType}` });
      else if (rule.requiresHighRiskCountries && !hasCountries)
        details.push({
          path: "highRiskCountries",
          message: `${id} needs a non-empty highRiskCountries list`,
        });
      else if (rule.requiresHomeCountry && !home) details.push({ path, message: `${id} ${NO_HOME}` });
      else if (!rules.includes(rule)) rules.push(rule);
    });
    if (details.length) throw badRequest("Invalid ruleIds", details);
    return { rules, skipped: [] };
  }
  const skipped: Selection["skipped"] = [];
  const rules = AML_RULES.filter((r) => {
    // Network typologies are found by the network scan, over every holder at once.
    if (isNetworkRule(r)) return false;
    if (!(live.builtins?.[r.ruleId]?.enabled ?? r.isEnabled)) return false;
    if (!r.applicableTo.includes(entityType)) {
      skipped.push({ ruleId: r.ruleId, reason: `does not apply to entityType ${entityType}` });
      return false;
    }
    if (r.requiresHighRiskCountries && !hasCountries) {
      skipped.push({
        ruleId: r.ruleId,
        reason: "no high-risk countries: none stored in the tenant's lists and none given",
      });
      return false;
    }
    if (r.requiresHomeCountry && !home) {
      skipped.push({ ruleId: r.ruleId, reason: NO_HOME });
      return false;
    }
    return true;
  });
  return { rules, skipped };
}

/**
 * Home country for cross-border: the tenant setting `country`, else the country that issues
 * the tenant currency (a table, not its first letters: XOF is not "XO"); null when neither.
 */
export const homeCountry = (ctx: TenantContext): string | null => homeCountryOf(ctx.tenant.settings);

export async function assertEntityExists(ctx: TenantContext, entityType: AmlEntityType, entityId: string) {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (entityType === "customer") {
    if (!uuid.test(entityId)) throw notFound("Customer");
    await getCustomer(ctx, entityId);
  } else if (entityType === "account") {
    if (!uuid.test(entityId) || !(await repo.accountExists(ctx, entityId))) throw notFound("Account");
  } else if (entityType === "agent") {
    await getAgent(ctx, entityId);
  }
  // merchant and counterparty have no registry: they are whatever the transactions name.
}
