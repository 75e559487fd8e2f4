import type { TenantContext } from "../../../../db/tenant-context";
import { uuidV7 } from "../../../../lib/crypto";
import type { FraudAlert } from "../../../fraud/evaluation/service";
import { appendEvent, openCaseUnlessOpen } from "../../../fraud/service";
import { alertNote, fraudOpensCase } from "../../domain/outcome";
import { type CaseRef, MONITORING_ACTOR, type Outcome, type ScreeningBase } from "./outcome";

/**
 * A fraud hit: the alert, and when the score reaches the live createCaseThreshold, the entity's
 * case: opened through the entity's Durable Object unless one is open, else `alert_added`
 * appended to the open one through the case's Durable Object (one open case per entity).
 */
export async function fraudOutcome(
  ctx: TenantContext,
  evaluation: FraudAlert,
  threshold: number | undefined,
  base: ScreeningBase,
): Promise<Outcome> {
  // The stored alert and the case share one id, so either leads to the other.
  const alertId = uuidV7(base.at);
  const fraud = { ...evaluation, alertId };
  const ruleIds = fraud.triggeredSignals.map((s) => s.signalId);
  const cases: CaseRef[] = [];
  const events: Outcome["events"] = [];
  const { entityType, entityId, severity, overallScore } = fraud;
  if (fraudOpensCase(ruleIds.length, overallScore, threshold)) {
    const result = await openCaseUnlessOpen(ctx, fraud, MONITORING_ACTOR);
    if (result.created) {
      cases.push({ caseId: result.caseId, kind: "fraud", action: "opened" });
      events.push({
        type: "fraud.case_opened",
        data: {
          caseId: result.caseId,
          alertId,
          entityType,
          entityId,
          severity,
          overallScore,
          trigger: base.trigger,
        },
      });
    } else {
      await appendEvent(ctx, result.caseId, {
        eventType: "alert_added",
        noteContent: alertNote({ alertId, trigger: base.trigger, ruleIds }),
        evidenceReference: { alertId, screeningId: base.screeningId, ruleIds, overallScore },
        ...MONITORING_ACTOR,
      });
      cases.push({ caseId: result.caseId, kind: "fraud", action: "appended" });
    }
  }
  const ruleSet = fraud.ruleSet;
  events.unshift({
    type: "fraud.alert_raised",
    data: {
      alertId,
      entityType,
      entityId,
      severity,
      score: overallScore,
      ruleIds,
      trigger: base.trigger,
      ruleSet,
    },
  });
  return {
    alert: {
      id: alertId,
      kind: "fraud",
      trigger: base.trigger,
      entityType,
      entityId,
      severity,
      score: overallScore,
      ruleIds,
      ruleSetVersion: ruleSet.version,
      ruleSetHash: ruleSet.hash,
      screeningId: base.screeningId,
      runId: base.runId,
      cases,
      detail: fraud as unknown as Record<string, unknown>,
      createdAt: base.at.toISOString(),
    },
    events,
  };
}
