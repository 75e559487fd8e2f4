import type { TenantContext } from "../../../../db/tenant-context";
import { uuidV7 } from "../../../../lib/crypto";
import { caseKindServices } from "../../../cases/kinds/service";
import { alertNote, fraudOpensCase } from "../../../detection/domain/outcome";
import type { FraudAlert } from "../../../fraud/evaluation/service";
import { MONITORING_ACTOR, type Outcome, type ScreeningBase } from "./outcome";
import { type FraudCaseResult, fraudRecord } from "./records";

/** A fraud hit as stored: the evaluation under the alert's id (the case it opens carries it too). */
export function fraudHit(evaluation: FraudAlert, threshold: number | undefined, base: ScreeningBase) {
  const alertId = uuidV7(base.at);
  const fraud = { ...evaluation, alertId };
  const ruleIds = fraud.triggeredSignals.map((s) => s.signalId);
  return {
    fraud,
    alertId,
    ruleIds,
    opensCase: fraudOpensCase(ruleIds.length, fraud.overallScore, threshold),
  };
}
export type FraudHit = ReturnType<typeof fraudHit>;

/** `alert_added` naming the hit (the fraud log's entry input). */
export const fraudHitEntry = (hit: FraudHit, base: Pick<ScreeningBase, "trigger" | "screeningId">) => ({
  eventType: "alert_added" as const,
  noteContent: alertNote({ alertId: hit.alertId, trigger: base.trigger, ruleIds: hit.ruleIds }),
  evidenceReference: {
    alertId: hit.alertId,
    screeningId: base.screeningId,
    ruleIds: hit.ruleIds,
    overallScore: hit.fraud.overallScore,
  },
  ...MONITORING_ACTOR,
});

/** `alert_added` naming the hit, appended to the entity's open case through the case's Durable Object. */
export const appendFraudHit = (ctx: TenantContext, caseId: string, hit: FraudHit, base: ScreeningBase) =>
  caseKindServices("fraud").open.note(ctx, caseId, fraudHitEntry(hit, base) as never);

/**
 * A fraud hit: the alert, and when the score reaches the live createCaseThreshold, the entity's
 * case: opened through the entity's Durable Object unless one is open, else `alert_added`
 * appended to the open one through the case's Durable Object (one open case per entity).
 * One entity at a time; a page's hits go through steps/page.ts.
 */
export async function fraudOutcome(
  ctx: TenantContext,
  evaluation: FraudAlert,
  threshold: number | undefined,
  base: ScreeningBase,
  subject: <T extends { entityType: string; entityId: string }>(x: T) => T = (x) => x,
): Promise<Outcome> {
  const hit = fraudHit(evaluation, threshold, base);
  let caseResult: FraudCaseResult | null = null;
  if (hit.opensCase) {
    caseResult = (await caseKindServices("fraud").open.one(
      ctx,
      subject(hit.fraud) as never,
      MONITORING_ACTOR,
    )) as FraudCaseResult;
    if (!caseResult.created) await appendFraudHit(ctx, caseResult.caseId, hit, base);
  }
  return fraudRecord(hit.fraud, hit.alertId, caseResult, base);
}
