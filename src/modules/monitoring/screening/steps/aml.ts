import type { TenantContext } from "../../../../db/tenant-context";
import { uuidV7 } from "../../../../lib/crypto";
import { appendCaseNote, openCasesForTriggered } from "../../../aml/cases/service";
import type { evaluate } from "../../../aml/evaluation/service";
import type { RuleSetContent } from "../../../rules/domain/document";
import { alertNote, amlCaseRules, highestSeverity } from "../../domain/outcome";
import { type CaseRef, MONITORING_ACTOR, type Outcome, type ScreeningBase } from "./outcome";

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
  const { entityType, entityId } = evaluation;
  const opening = new Set(amlCaseRules(ruleIds, content));
  const found = await openCasesForTriggered(ctx, {
    entityType,
    entityId,
    correlationId: evaluation.correlationId,
    windowDays: evaluation.windowDays,
    windowStart: evaluation.windowStart,
    windowEnd: evaluation.windowEnd,
    outcomes: fired.filter((o) => opening.has(o.ruleId)),
    actorKeyId: null,
    ruleSet: evaluation.ruleSet,
  });
  const note = alertNote({ alertId, trigger: base.trigger, ruleIds });
  const cases: CaseRef[] = [];
  const events: Outcome["events"] = [];
  await Promise.all(
    found
      .filter((c) => !c.created)
      .map((c) => appendCaseNote(ctx, c.caseId, { eventType: "alert_added", ...MONITORING_ACTOR, note })),
  );
  for (const c of found) {
    cases.push({ caseId: c.caseId, kind: "aml", action: c.created ? "opened" : "appended" });
    if (!c.created) continue;
    const riskLevel = fired.find((o) => o.ruleId === c.ruleId)?.riskLevel;
    events.push({
      type: "aml.case_opened",
      data: {
        caseId: c.caseId,
        alertId,
        ruleId: c.ruleId,
        entityType,
        entityId,
        riskLevel,
        trigger: base.trigger,
      },
    });
  }
  const { triggeredRules: _all, cases: _none, dryRun: _dry, ...rest } = evaluation;
  return {
    alert: {
      id: alertId,
      kind: "aml",
      trigger: base.trigger,
      entityType,
      entityId,
      severity: highestSeverity(fired.map((o) => o.riskLevel)),
      score: null,
      ruleIds,
      ruleSetVersion: evaluation.ruleSet.version,
      ruleSetHash: evaluation.ruleSet.hash,
      screeningId: base.screeningId,
      runId: base.runId,
      cases,
      detail: { ...rest, triggeredRules: fired },
      createdAt: base.at.toISOString(),
    },
    events,
  };
}
