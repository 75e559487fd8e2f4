/**
 * Per-rule snoozes from an AML case (docs/decisions/alerts-and-snoozes.md#snoozes): an allowlist
 * entry in the system list "Case snoozes" for the case's entity and rule, then `rule_snoozed` in
 * the case's hash-chained history (appendCaseNote).
 */
import type { TenantContext } from "../../../db/tenant-context";
import { badRequest, notFound } from "../../../lib/errors";
import { caseSnoozes, snoozeRule, withdrawSnooze } from "../../lists/snoozes/service";
import { appendCaseNote } from "../cases/service";
import type { AmlEntityType } from "../domain/rules";
import * as repo from "../repo";

export interface SnoozeRequest {
  ruleId: string;
  until: string;
  reason: string;
  actorId?: string;
  actorName?: string;
}

async function loadCase(ctx: TenantContext, caseId: string) {
  const row = await repo.findCase(ctx, caseId);
  if (!row) throw notFound("AML case");
  return row;
}

/** Snoozes the case's own rule for its entity until `until`; a closed case may still snooze. */
export async function snoozeFromCase(
  ctx: TenantContext,
  caseId: string,
  input: SnoozeRequest,
  actorKeyId: string | null,
) {
  const row = await loadCase(ctx, caseId);
  if (input.ruleId !== row.ruleId)
    throw badRequest("Unknown rule for this case", [
      { path: "ruleId", message: `this case is about ${row.ruleId}; snooze another rule from its own case` },
    ]);
  const snooze = await snoozeRule(ctx, {
    caseKind: "aml",
    caseId,
    entityType: row.entityType as AmlEntityType,
    entityId: row.entityId,
    ruleId: row.ruleId,
    until: input.until,
    reason: input.reason,
  });
  try {
    const { event } = await appendCaseNote(ctx, caseId, {
      eventType: "rule_snoozed",
      actorType: input.actorId ? "user" : "system",
      actorId: input.actorId ?? "api",
      actorName: input.actorName ?? null,
      actorKeyId,
      note: `Rule ${row.ruleId} snoozed for ${row.entityType} ${row.entityId} until ${snooze.until} (allowlist entry ${snooze.entryId}): ${input.reason}`,
    });
    return { snooze, event };
  } catch (error) {
    // The case history is the record of the decision: no snooze stays in force without its entry.
    await withdrawSnooze(ctx, snooze);
    throw error;
  }
}

export async function listCaseSnoozes(ctx: TenantContext, caseId: string) {
  await loadCase(ctx, caseId);
  return caseSnoozes(ctx, "aml", caseId);
}
