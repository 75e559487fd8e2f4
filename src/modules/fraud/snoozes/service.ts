/**
 * Fraud's side of per-rule snoozes from a case (docs/decisions/alerts-and-snoozes.md#snoozes):
 * the flow is `snoozeFromCase` of lists/snoozes; this target finds the fraud case, admits its
 * signals and the live fraud rules, and records `rule_snoozed` through the case's Durable Object.
 */
import type { TenantContext } from "../../../db/tenant-context";
import { notFound } from "../../../lib/errors";
import type { CaseSnoozeTarget } from "../../lists/snoozes/service";
import { liveSignals } from "../evaluation/service";
import * as repo from "../repo";
import { appendEvent } from "../service";

type FraudCase = NonNullable<Awaited<ReturnType<typeof repo.findCase>>>["case"];

/**
 * The rules a fraud case may snooze: the signals it was opened for, and every signal and custom
 * rule of the live fraud version (a later alert appended to the case may have fired any of them).
 */
async function snoozableRules(ctx: TenantContext, triggered: Record<string, unknown>[]) {
  const { signals, fraud } = await liveSignals(ctx);
  return new Set([
    ...triggered.map((s) => String(s.signalId)),
    ...signals.map((s) => s.signalId),
    ...fraud.content.custom.map((r) => r.ruleId),
  ]);
}

export const fraudSnoozeTarget: CaseSnoozeTarget<FraudCase, Awaited<ReturnType<typeof appendEvent>>> = {
  kind: "fraud",
  async findCase(ctx, caseId) {
    const found = await repo.findCase(ctx, caseId);
    if (!found) throw notFound("Fraud case");
    return found.case;
  },
  async refuseRule(ctx, found, ruleId) {
    return (await snoozableRules(ctx, found.triggeredSignals)).has(ruleId)
      ? null
      : `${ruleId} is neither a signal of this case nor a rule of the live fraud rule set`;
  },
  recordSnooze: (ctx, caseId, snooze, reason, actor) =>
    appendEvent(ctx, caseId, {
      eventType: "rule_snoozed",
      noteContent: `Rule ${snooze.ruleId} snoozed for ${snooze.entityType} ${snooze.entityId} until ${snooze.until}: ${reason}`,
      evidenceReference: {
        ruleId: snooze.ruleId,
        until: snooze.until,
        listId: snooze.listId,
        entryId: snooze.entryId,
      },
      ...actor,
    }),
};
