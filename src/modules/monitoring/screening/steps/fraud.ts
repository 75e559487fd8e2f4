import type { TenantContext } from "../../../../db/tenant-context";
import { uuidV7 } from "../../../../lib/crypto";
import type { FraudAlert } from "../../../fraud/evaluation/service";
import { appendEvent, openCaseUnlessOpen } from "../../../fraud/service";
import { alertNote, fraudOpensCase } from "../../domain/outcome";
import { MONITORING_ACTOR, type Outcome, type ScreeningBase } from "./outcome";
import { type FraudCaseResult, fraudRecord } from "./records";

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
  let caseResult: FraudCaseResult | null = null;
  if (fraudOpensCase(ruleIds.length, fraud.overallScore, threshold)) {
    caseResult = await openCaseUnlessOpen(ctx, fraud, MONITORING_ACTOR);
    if (!caseResult.created)
      await appendEvent(ctx, caseResult.caseId, {
        eventType: "alert_added",
        noteContent: alertNote({ alertId, trigger: base.trigger, ruleIds }),
        evidenceReference: {
          alertId,
          screeningId: base.screeningId,
          ruleIds,
          overallScore: fraud.overallScore,
        },
        ...MONITORING_ACTOR,
      });
  }
  return fraudRecord(fraud, alertId, caseResult, base);
}
