/**
 * AML's side of per-rule snoozes from a case (docs/decisions/alerts-and-snoozes.md#snoozes): the
 * flow is `snoozeFromCase` of lists/snoozes; this target finds the AML case, admits only its own
 * rule, and records `rule_snoozed` in the case's hash-chained history (appendCaseNote).
 */
import type { AmlCaseRow } from "../../../db/shard/aml";
import { notFound } from "../../../lib/errors";
import type { CaseSnoozeTarget } from "../../lists/snoozes/service";
import { appendCaseNote } from "../cases/service";
import * as repo from "../repo";

type AmlHistoryEntry = Awaited<ReturnType<typeof appendCaseNote>>["event"];

export const amlSnoozeTarget: CaseSnoozeTarget<AmlCaseRow, AmlHistoryEntry> = {
  kind: "aml",
  async findCase(ctx, caseId) {
    const row = await repo.findCase(ctx, caseId);
    if (!row) throw notFound("AML case");
    return row;
  },
  refuseRule: async (_ctx, row, ruleId) =>
    ruleId === row.ruleId ? null : `this case is about ${row.ruleId}; snooze another rule from its own case`,
  recordSnooze: async (ctx, caseId, snooze, reason, actor) =>
    (
      await appendCaseNote(ctx, caseId, {
        eventType: "rule_snoozed",
        ...actor,
        note: `Rule ${snooze.ruleId} snoozed for ${snooze.entityType} ${snooze.entityId} until ${snooze.until} (allowlist entry ${snooze.entryId}): ${reason}`,
      })
    ).event,
};
