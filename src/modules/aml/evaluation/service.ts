import type { TenantContext } from "../../../db/tenant-context";
import { daysBefore } from "../../../lib/clock";
import { AppError } from "../../../lib/errors";
import { grants, type Scope } from "../../../lib/scopes";
import type { ProposedTransactionRow } from "../../data/read-model";
import { allowlistedEntities, highRiskCountries as storedHighRiskCountries } from "../../lists/service";
import { alertNote } from "../../monitoring/domain/outcome";
import { newAlertId, recordAmlAlert } from "../../monitoring/on-demand/service";
import { evaluateCustomRules } from "../../rules/custom/service";
import { type RuleSetChoice, stampOf } from "../../rules/domain/document";
import { ruleSetFor, tenantTimeZone } from "../../rules/service";
import { appendCaseNote, openCasesForTriggered } from "../cases/service";
import { combineOutcomes, unionCountries } from "../domain/custom-outcomes";
import { evaluateRules, highestRiskLevel } from "../domain/evaluate";
import { type EntityFeatures, emptyFeatures } from "../domain/features";
import { groupRules } from "../domain/rule-groups";
import type { AmlEntityType } from "../domain/rules";
import { mergeThresholds } from "../domain/thresholds";
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
  /**
   * The caller answers the entity's 404 itself in the same request (screening runs the fraud
   * evaluation of the same entity alongside, whose batched read checks it): no read of our own.
   */
  entityCheckedByCaller?: boolean;
}

/** What an evaluation runs: the live version (or draft), its rules for the request, and the countries. */
async function plan(ctx: TenantContext, input: EvaluateInput, preloaded?: string[]) {
  const [live, stored] = await Promise.all([
    ruleSetFor(ctx, "aml", input.ruleSet),
    preloaded ?? storedHighRiskCountries(ctx),
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
async function runRules(
  ctx: TenantContext,
  input: EvaluateInput,
  p: Plan,
  now: Date,
  proposal?: Proposal,
  pre?: AmlPreload,
) {
  const windowEnd = now.toISOString();
  const groups = groupRules(p.rules, p.live.content.builtins, p.thresholds, input.windowDays);
  const context = { highRiskCountries: p.countries, at: windowEnd };
  const [builtin, custom, allowlist] = await Promise.all([
    Promise.all(
      groups.map(async (g, i) => {
        if (pre) return evaluateRules(pre.features[i], g.rules, g.thresholds, context);
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
    pre?.allowlist ??
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
 * An entity's reads done for it by a page read (monitoring, preloadAml): the features per rule
 * group (in groupRules order), the allowlist, the countries, the instant. evaluate then reads
 * only its custom rules, and answers what it would have answered reading them itself.
 */
export interface AmlPreload {
  now: Date;
  countries: string[];
  features: EntityFeatures[];
  allowlist: Awaited<ReturnType<typeof allowlistedEntities>>;
}

/**
 * The reads of live evaluations (no ruleIds) of many entities of one type as of `now`: the
 * countries, one feature statement per rule group (usually one) and the allowlist. Entities are
 * not checked here: the caller passes only those it found.
 */
export async function preloadAml(
  ctx: TenantContext,
  page: { entityType: AmlEntityType; entityIds: string[]; windowDays: number; now: Date },
): Promise<Map<string, AmlPreload>> {
  const { entityType, entityIds, windowDays, now } = page;
  const countries = await storedHighRiskCountries(ctx);
  const p = await plan(ctx, { entityType, entityId: "", windowDays, dryRun: true }, countries);
  const windowEnd = now.toISOString();
  const groups = groupRules(p.rules, p.live.content.builtins, p.thresholds, windowDays);
  const [byGroup, allowlist] = await Promise.all([
    Promise.all(
      groups.map((g) =>
        loadFeatures(ctx, {
          entityType,
          entityIds,
          windowStart: daysBefore(now, g.windowDays).toISOString(),
          windowEnd,
          thresholds: g.thresholds,
          highRiskCountries: p.countries,
          homeCountry: p.home,
        }),
      ),
    ),
    allowlistedEntities(ctx, {
      entityType,
      entityIds,
      ruleIds: [...p.rules.map((r) => r.ruleId), ...p.customRules.map((r) => r.ruleId)],
      at: now,
    }),
  ]);
  return new Map(
    entityIds.map((id) => [
      id,
      { now, countries, allowlist, features: byGroup.map((f) => f.get(id) ?? emptyFeatures(id)) },
    ]),
  );
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
  pre?: AmlPreload,
) {
  // A draft is evaluated without side effects: a dry run whatever the request said.
  const input = request.ruleSet === "draft" || proposal ? { ...request, dryRun: true } : request;
  // The route needs aml:read (a dry run persists nothing); opening cases needs aml:write.
  if (!input.dryRun && !grants(scopes, "aml:write"))
    throw new AppError("forbidden", "A non-dry-run evaluation opens cases and needs the scope aml:write");
  const p = await plan(ctx, input, pre?.countries);
  // A preload comes from a page read that already found the entity.
  if (!pre && !proposal?.entityCheckedByCaller)
    await assertEntityExists(ctx, input.entityType, input.entityId);
  const now = proposal?.at ?? pre?.now ?? ctx.clock.now();
  const windowEnd = now.toISOString();
  const windowStart = daysBefore(now, input.windowDays).toISOString();
  const { outcomes, suppressedRules } = await runRules(ctx, input, p, now, proposal, pre);
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
