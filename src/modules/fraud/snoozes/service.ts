/**
 * Per-rule snoozes from a fraud case (docs/decisions/alerts-and-snoozes.md#snoozes): an allowlist
 * entry in the system list "Case snoozes" for the case's entity, then `rule_snoozed` in the case
 * log through the case's Durable Object.
 */
import type { TenantContext } from "../../../db/tenant-context";
import { badRequest, notFound } from "../../../lib/errors";
import { caseSnoozes, snoozeRule, withdrawSnooze } from "../../lists/snoozes/service";
import { liveSignals } from "../evaluation/service";
import * as repo from "../repo";
import { appendEvent } from "../service";

export interface SnoozeRequest {
  ruleId: string;
  until: string;
  reason: string;
  actorId?: string;
  actorName?: string;
}

async function loadCase(ctx: TenantContext, caseId: string) {
  const found = await repo.findCase(ctx, caseId);
  if (!found) throw notFound("Fraud case");
  return found.case;
}

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

/** Snoozes the rule for the case's entity until `until`; a closed case may still snooze. */
export async function snoozeFromCase(
  ctx: TenantContext,
  caseId: string,
  input: SnoozeRequest,
  actorKeyId: string | null,
) {
  const row = await loadCase(ctx, caseId);
  if (!(await snoozableRules(ctx, row.triggeredSignals)).has(input.ruleId))
    throw badRequest("Unknown rule for this case", [
      {
        path: "ruleId",
        message: `${input.ruleId} is neither a signal of this case nor a rule of the live fraud rule set`,
      },
    ]);
  const snooze = await snoozeRule(ctx, {
    caseKind: "fraud",
    caseId,
    entityType: row.entityType as "customer",
    entityId: row.entityId,
    ruleId: input.ruleId,
    until: input.until,
    reason: input.reason,
  });
  try {
    const event = await appendEvent(ctx, caseId, {
      eventType: "rule_snoozed",
      noteContent: `Rule ${input.ruleId} snoozed for ${row.entityType} ${row.entityId} until ${snooze.until}: ${input.reason}`,
      evidenceReference: {
        ruleId: input.ruleId,
        until: snooze.until,
        listId: snooze.listId,
        entryId: snooze.entryId,
      },
      actorType: input.actorId ? "user" : "system",
      actorId: input.actorId ?? "api",
      actorName: input.actorName ?? null,
      actorKeyId,
    });
    return { snooze, event };
  } catch (error) {
    // The case log is the record of the decision: no snooze stays in force without its entry.
    await withdrawSnooze(ctx, snooze);
    throw error;
  }
}

export async function listCaseSnoozes(ctx: TenantContext, caseId: string) {
  await loadCase(ctx, caseId);
  return caseSnoozes(ctx, "fraud", caseId);
}
