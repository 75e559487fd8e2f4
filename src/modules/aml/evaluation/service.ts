import type { TenantContext } from "../../../db/tenant-context";
import { daysBefore } from "../../../lib/clock";
import { AppError } from "../../../lib/errors";
import { grants, type Scope } from "../../../lib/scopes";
import type { ProposedTransactionRow } from "../../data/read-model";
import { allowlistedEntities, highRiskCountries as storedHighRiskCountries } from "../../lists/service";
import { alertNote } from "../../monitoring/domain/outcome";
import { newAlertId, recordAmlAlert } from "../../monitoring/on-demand/service";
import { evaluateCustomRules } from "../../rules/custom/service";
import { type BuiltinConfig, type RuleSetChoice, stampOf } from "../../rules/domain/document";
import { ruleSetFor, tenantTimeZone } from "../../rules/service";
import { appendCaseNote, openCasesForTriggered } from "../cases/service";
import { combineOutcomes, unionCountries } from "../domain/custom-outcomes";
import { evaluateRules, highestRiskLevel } from "../domain/evaluate";
import { emptyFeatures } from "../domain/features";
import type { AmlEntityType, AmlRuleDefinition } from "../domain/rules";
import { mergeThresholds, type Thresholds } from "../domain/thresholds";
import { loadFeatures } from "../features/repo";
import { assertEntityExists, homeCountry, selectRules } from "../service";

export interface EvaluateInput {
  entityType: AmlEntityType;
  entityId: string;
  windowDays: number;
  ruleIds?: string[];
  dryRun: boolean;
  highRiskCountries?: string[];
  /** The live version (default) or the tenant's AML draft, which forces a dry run. */
  ruleSet?: RuleSetChoice;
}

/** Pre-transaction screening: a transaction not stored, read as if it were; the instant to evaluate at. */
export interface Proposal {
  row: ProposedTransactionRow;
  at: Date;
}

interface Group {
  thresholds: Thresholds;
  windowDays: number;
  rules: AmlRuleDefinition[];
}

/**
 * Rules grouped by what their features depend on: the thresholds (shared ones with the rule's
 * own parameters over them) and the window. Usually one group: one feature read.
 */
function groupRules(
  rules: AmlRuleDefinition[],
  builtins: Readonly<Record<string, BuiltinConfig>>,
  shared: Thresholds,
  windowDays: number,
): Group[] {
  const groups = new Map<string, Group>();
  for (const rule of rules) {
    const config = builtins[rule.ruleId];
    const thresholds = mergeThresholds(shared, config?.parameters);
    const days = config?.windowDays ?? windowDays;
    const key = `${days}:${JSON.stringify(thresholds)}`;
    const group = groups.get(key) ?? { thresholds, windowDays: days, rules: [] };
    // The version's severity is the outcome's risk level.
    group.rules.push(config ? { ...rule, defaultRiskLevel: config.severity } : rule);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** What an evaluation runs: the live version (or draft), its rules for the request, and the countries. */
async function plan(ctx: TenantContext, input: EvaluateInput) {
  const [live, stored] = await Promise.all([
    ruleSetFor(ctx, "aml", input.ruleSet),
    storedHighRiskCountries(ctx),
  ]);
  const countries = unionCountries(stored, input.highRiskCountries);
  const home = homeCountry(ctx);
  const { rules, skipped } = selectRules(input.entityType, input.ruleIds, countries, home, {
    builtins: live.content.builtins,
    customIds: new Set(live.content.custom.map((r) => r.ruleId)),
  });
  const named = input.ruleIds ? new Set(input.ruleIds) : null;
  // Named custom rules run even when the version disables them (as built-ins do).
  const customRules = named
    ? live.content.custom.filter((r) => named.has(r.ruleId)).map((r) => ({ ...r, enabled: true }))
    : live.content.custom;
  return {
    live,
    countries,
    home,
    rules,
    skipped,
    customRules,
    thresholds: mergeThresholds(live.content.thresholds),
  };
}

type Plan = Awaited<ReturnType<typeof plan>>;

/** The reads: one feature read per rule group, the custom rules' statement, the allowlist. */
async function runRules(ctx: TenantContext, input: EvaluateInput, p: Plan, now: Date, proposal?: Proposal) {
  const windowEnd = now.toISOString();
  const groups = groupRules(p.rules, p.live.content.builtins, p.thresholds, input.windowDays);
  const context = { highRiskCountries: p.countries, at: windowEnd };
  const [builtin, custom, allowlist] = await Promise.all([
    Promise.all(
      groups.map(async (g) => {
        const features = await loadFeatures(ctx, {
          entityType: input.entityType,
          entityId: input.entityId,
          windowStart: daysBefore(now, g.windowDays).toISOString(),
          windowEnd,
          thresholds: g.thresholds,
          highRiskCountries: p.countries,
          homeCountry: p.home,
          proposed: proposal?.row,
        });
        const entity = features.get(input.entityId) ?? emptyFeatures(input.entityId);
        return evaluateRules(entity, g.rules, g.thresholds, context);
      }),
    ),
    evaluateCustomRules(ctx, {
      entityType: input.entityType,
      entityId: input.entityId,
      rules: p.customRules,
      now,
      thresholds: p.thresholds,
      timeZone: tenantTimeZone(ctx, now).timeZone,
      proposed: proposal?.row,
    }),
    allowlistedEntities(ctx, {
      entityType: input.entityType,
      entityIds: [input.entityId],
      ruleIds: [...p.rules.map((r) => r.ruleId), ...p.customRules.map((r) => r.ruleId)],
      at: now,
    }),
  ]);
  return combineOutcomes({
    builtin: builtin.flat(),
    custom,
    catalogOrder: p.rules.map((r) => r.ruleId),
    at: windowEnd,
    allowlisted: (ruleId) => allowlist.clears(input.entityId, ruleId),
  });
}

/**
 * actorKeyId: the API key of the request (recorded on the cases it opens); null from a workflow.
 * The one path of the evaluate endpoint and pre-transaction screening (with a proposal, which
 * callers pair with dryRun: the proposed transaction never opens a case).
 */
export async function evaluate(
  ctx: TenantContext,
  request: EvaluateInput,
  scopes: readonly Scope[],
  actorKeyId: string | null = null,
  proposal?: Proposal,
) {
  // A draft is evaluated without side effects: a dry run whatever the request said.
  const input = request.ruleSet === "draft" || proposal ? { ...request, dryRun: true } : request;
  // The route needs aml:read (a dry run persists nothing); opening cases needs aml:write.
  if (!input.dryRun && !grants(scopes, "aml:write"))
    throw new AppError("forbidden", "A non-dry-run evaluation opens cases and needs the scope aml:write");
  const p = await plan(ctx, input);
  await assertEntityExists(ctx, input.entityType, input.entityId);
  const now = proposal?.at ?? ctx.clock.now();
  const windowEnd = now.toISOString();
  const windowStart = daysBefore(now, input.windowDays).toISOString();
  const { outcomes, suppressedRules } = await runRules(ctx, input, p, now, proposal);
  const correlationId = crypto.randomUUID();
  const triggered = outcomes.filter((o) => o.triggered);
  const ruleSet = stampOf(p.live);
  const cases = input.dryRun
    ? []
    : await openCasesForTriggered(ctx, {
        entityType: input.entityType,
        entityId: input.entityId,
        correlationId,
        windowDays: input.windowDays,
        windowStart,
        windowEnd,
        outcomes: triggered,
        actorKeyId,
        ruleSet,
      });
  const result = {
    correlationId,
    entityType: input.entityType,
    entityId: input.entityId,
    evaluatedAt: windowEnd,
    dryRun: input.dryRun,
    windowDays: input.windowDays,
    windowStart,
    windowEnd,
    triggeredRules: outcomes,
    totalTriggered: triggered.length,
    highestRiskLevel: highestRiskLevel(outcomes),
    skippedRules: p.skipped,
    suppressedRules,
    highRiskCountries: p.countries,
    ruleSet,
    cases,
  };
  if (!input.dryRun) await recordHit(ctx, result, actorKeyId);
  return result;
}

/**
 * A kept (non-dry-run) evaluation that fired a rule: `alert_added` on the rules' cases that were
 * already open (one open case per entity and rule), then the alert stored by monitoring (trigger
 * on_demand) with the cases it opened or added to.
 */
async function recordHit(
  ctx: TenantContext,
  result: Parameters<typeof recordAmlAlert>[1] & {
    cases: Array<{ caseId: string; ruleId: string; created: boolean }>;
  },
  actorKeyId: string | null,
) {
  const ruleIds = result.triggeredRules.filter((o) => o.triggered).map((o) => o.ruleId);
  if (ruleIds.length === 0) return;
  const alertId = newAlertId(ctx);
  const note = alertNote({ alertId, trigger: "on_demand", ruleIds });
  await Promise.all(
    result.cases
      .filter((c) => !c.created)
      .map((c) =>
        appendCaseNote(ctx, c.caseId, {
          eventType: "alert_added",
          actorType: "system",
          actorId: "aml-evaluate",
          actorKeyId,
          note,
        }),
      ),
  );
  await recordAmlAlert(ctx, result, alertId, result.cases);
}
