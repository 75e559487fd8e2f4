import type { TenantContext } from "../../../../db/tenant-context";
import { uuidV7 } from "../../../../lib/crypto";
import type { OpenCasesInput } from "../../../aml/cases/service";
import type { evaluate } from "../../../aml/evaluation/service";
import { caseKindServices } from "../../../cases/kinds/service";
import { alertNote, amlCaseRules } from "../../../detection/domain/outcome";
import type { RuleSetContent } from "../../../rules/domain/document";
import { MONITORING_ACTOR, type Outcome, type ScreeningBase } from "./outcome";
import { type AmlCaseResult, amlRecord } from "./records";

export type AmlEvaluation = Awaited<ReturnType<typeof evaluate>>;
type RuleOutcome = AmlEvaluation["triggeredRules"][number];

/** An AML hit: the alert's id and the case-opening request of the fired rules allowed to open one. */
export function amlHit(
  evaluation: AmlEvaluation,
  fired: RuleOutcome[],
  content: RuleSetContent,
  base: ScreeningBase,
) {
  const alertId = uuidV7(base.at);
  const ruleIds = fired.map((o) => o.ruleId);
  const opening = new Set(amlCaseRules(ruleIds, content));
  const request: OpenCasesInput = {
    entityType: evaluation.entityType,
    entityId: evaluation.entityId,
    correlationId: evaluation.correlationId,
    windowDays: evaluation.windowDays,
    windowStart: evaluation.windowStart,
    windowEnd: evaluation.windowEnd,
    outcomes: fired.filter((o) => opening.has(o.ruleId)),
    actorKeyId: null,
    ruleSet: evaluation.ruleSet,
  };
  return { alertId, ruleIds, request };
}
export type AmlHit = ReturnType<typeof amlHit>;

/** The `alert_added` entry's body naming the hit, as the AML log stores it. */
export const amlHitNote = (
  hit: Pick<AmlHit, "alertId" | "ruleIds">,
  base: Pick<ScreeningBase, "trigger">,
) => ({
  eventType: "alert_added" as const,
  ...MONITORING_ACTOR,
  note: alertNote({ alertId: hit.alertId, trigger: base.trigger, ruleIds: hit.ruleIds }),
  details: null,
});

/** `alert_added` naming the hit, for each case of the hit that was already open (and not chained at its opening). */
export function amlHitNotes(found: readonly AmlCaseResult[], hit: AmlHit, base: ScreeningBase) {
  const note = alertNote({ alertId: hit.alertId, trigger: base.trigger, ruleIds: hit.ruleIds });
  return found
    .filter((c) => !c.created && !c.chained)
    .map((c) => ({
      caseId: c.caseId,
      input: { eventType: "alert_added" as const, ...MONITORING_ACTOR, note },
    }));
}

/** One entity's `alert_added` entries, one append per case; a page's go one object call per case (steps/appends.ts). */
export async function appendAmlHit(
  ctx: TenantContext,
  found: readonly AmlCaseResult[],
  hit: AmlHit,
  base: ScreeningBase,
) {
  await Promise.all(
    amlHitNotes(found, hit, base).map((n) =>
      caseKindServices("aml").open.note(ctx, n.caseId, n.input as never),
    ),
  );
}

/**
 * An AML hit: the alert, and per fired rule whose live config lets it open a case, the
 * (entity, rule) case: opened unless one is open (openCasesForTriggered dedupes per rule), else
 * `alert_added` appended to the open one. One entity at a time; a page's hits go through steps/page.ts.
 */
export async function amlOutcome(
  ctx: TenantContext,
  evaluation: AmlEvaluation,
  fired: RuleOutcome[],
  content: RuleSetContent,
  base: ScreeningBase,
  subject: <T extends { entityType: string; entityId: string }>(x: T) => T = (x) => x,
): Promise<Outcome> {
  const hit = amlHit(evaluation, fired, content, base);
  const found = (await caseKindServices("aml").open.one(
    ctx,
    subject(hit.request) as never,
    MONITORING_ACTOR,
  )) as AmlCaseResult[];
  await appendAmlHit(ctx, found, hit, base);
  return amlRecord(evaluation, fired, hit.alertId, found, base);
}
