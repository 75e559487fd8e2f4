import type { TenantContext } from "../../../../db/tenant-context";
import { uuidV7 } from "../../../../lib/crypto";
import { appendCaseNote, openCasesForTriggered } from "../../../aml/cases/service";
import type { evaluate } from "../../../aml/evaluation/service";
import type { RuleSetContent } from "../../../rules/domain/document";
import { alertNote, amlCaseRules } from "../../domain/outcome";
import { MONITORING_ACTOR, type Outcome, type ScreeningBase } from "./outcome";
import { amlRecord } from "./records";

type AmlEvaluation = Awaited<ReturnType<typeof evaluate>>;
type RuleOutcome = AmlEvaluation["triggeredRules"][number];

/**
 * An AML hit: the alert, and per fired rule whose live config lets it open a case, the
 * (entity, rule) case: opened unless one is open (openCasesForTriggered dedupes per rule), else
 * `alert_added` appended to the open one.
 */
export async function amlOutcome(
  ctx: TenantContext,
  evaluation: AmlEvaluation,
  fired: RuleOutcome[],
  content: RuleSetContent,
  base: ScreeningBase,
): Promise<Outcome> {
  const alertId = uuidV7(base.at);
  const ruleIds = fired.map((o) => o.ruleId);
  const opening = new Set(amlCaseRules(ruleIds, content));
  const found = await openCasesForTriggered(ctx, {
    entityType: evaluation.entityType,
    entityId: evaluation.entityId,
    correlationId: evaluation.correlationId,
    windowDays: evaluation.windowDays,
    windowStart: evaluation.windowStart,
    windowEnd: evaluation.windowEnd,
    outcomes: fired.filter((o) => opening.has(o.ruleId)),
    actorKeyId: null,
    ruleSet: evaluation.ruleSet,
  });
  const note = alertNote({ alertId, trigger: base.trigger, ruleIds });
  await Promise.all(
    found
      .filter((c) => !c.created)
      .map((c) => appendCaseNote(ctx, c.caseId, { eventType: "alert_added", ...MONITORING_ACTOR, note })),
  );
  return amlRecord(evaluation, fired, alertId, found, base);
}
