import type { TenantContext } from "../../../db/tenant-context";
import { daysBefore } from "../../../lib/clock";
import { uuidV7 } from "../../../lib/crypto";
import { AppError } from "../../../lib/errors";
import { grants, type Scope } from "../../../lib/scopes";
import { peerNormOf, peerRead } from "../../data/peers/service";
import { alertNote } from "../../detection/domain/outcome";
import { evaluateCustomRules } from "../../rules/custom/service";
import { stampOf } from "../../rules/domain/document";
import { tenantTimeZone } from "../../rules/service";
import { appendCaseNote, openCasesForTriggered } from "../cases/service";
import { combineOutcomes } from "../domain/custom-outcomes";
import { evaluateRules, highestRiskLevel } from "../domain/evaluate";
import { groupRules } from "../domain/rule-groups";
import { assertEntityExists } from "../service";
import {
  type AmlPreload,
  type EvaluateInput,
  type Plan,
  type Proposal,
  plan,
  readsFor,
} from "./reads/service";
import { type AmlEvaluated, recordAmlAlert } from "./steps/stored-alerts";

export {
  type AmlPreload,
  type EvaluateInput,
  type Proposal,
  preloadAml,
  readsOf,
} from "./reads/service";

/** The built-in rules over the reads (one batch unless preloaded) and the custom rules' statement. */
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
  // Without a preload: the entity's reads and its peer groups (docs/methodology/peers.md) in one batch.
  const reads = async (): Promise<AmlPreload> => {
    const r = readsFor(ctx, input, p, now, proposal);
    const peers = peerRead(ctx, input.entityType, input.entityId);
    if (!peers) return { ...(await r.finish(await ctx.db.batch(r.items))), peers: null };
    const results = await ctx.db.batch([...r.items, peers.item]);
    const last = results[results.length - 1] as Parameters<typeof peers.decode>[0];
    return { ...(await r.finish(results.slice(0, -1))), peers: peers.decode(last) };
  };
  const [{ features, allowlist, peers }, custom] = await Promise.all([
    pre ?? reads(),
    evaluateCustomRules(ctx, {
      entityType: input.entityType,
      entityId: input.entityId,
      rules: p.customRules,
      now,
      thresholds: p.thresholds,
      timeZone: tenantTimeZone(ctx, now).timeZone,
      proposed: proposal?.row,
    }),
  ]);
  // A preload without the page's peers (none read with it): the entity's own read.
  const peer = peers !== undefined ? peers : await peerNormOf(ctx, input.entityType, input.entityId);
  const context = { highRiskCountries: p.countries, at: windowEnd, peer };
  const builtin = groups.map((g, i) => evaluateRules(features[i]!, g.rules, g.thresholds, context));
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
  pre?: AmlPreload,
) {
  // A draft is evaluated without side effects: a dry run whatever the request said.
  const input = request.ruleSet === "draft" || proposal ? { ...request, dryRun: true } : request;
  // The route needs aml:read (a dry run persists nothing); opening cases needs aml:write.
  if (!input.dryRun && !grants(scopes, "aml:write"))
    throw new AppError("forbidden", "A non-dry-run evaluation opens cases and needs the scope aml:write");
  const p = await plan(ctx, input, pre?.countries);
  // A preload comes from a page read that already found the entity.
  if (!pre) await assertEntityExists(ctx, input.entityType, input.entityId);
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
  result: AmlEvaluated & {
    cases: Array<{ caseId: string; ruleId: string; created: boolean }>;
  },
  actorKeyId: string | null,
) {
  const ruleIds = result.triggeredRules.filter((o) => o.triggered).map((o) => o.ruleId);
  if (ruleIds.length === 0) return;
  const alertId = uuidV7(ctx.clock.now());
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
