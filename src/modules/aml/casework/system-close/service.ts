/**
 * The system close of an untouched AML case whose every alert was withdrawn
 * (docs/decisions/case-work.md#system-close): decided on the case and its history as read
 * (cases/domain/withdrawn.ts), then a `transitioned` entry to closed_false_positive (outcome
 * false_positive, the reason and the alerts in its details, the note as its text) appended in the
 * case's order only if the history is still where it was read: an entry that landed meanwhile (an
 * analyst's) keeps it open. Maker-checker does not apply: nobody made a decision a second actor
 * could check (the close request is the tenant's rule for analysts' closes, casework/service.ts).
 */
import type { TenantContext } from "../../../../db/tenant-context";
import { notFound } from "../../../../lib/errors";
import { applyWork } from "../../../cases/domain/projection";
import { SYSTEM_CLOSE, systemCloseDecision } from "../../../cases/domain/withdrawn";
import type { SystemCloseRequest, SystemCloseResult } from "../../../cases/kinds/service";
import { appendEntry } from "../../cases/service";
import { caseHistory, findCase } from "../../repo";
import { amlWork } from "../service";

/** The history moved between the decision and the append (thrown inside the case's order). */
class LogMoved extends Error {}

export async function closeUntouchedAml(
  ctx: TenantContext,
  caseId: string,
  close: SystemCloseRequest,
): Promise<SystemCloseResult> {
  const row = await findCase(ctx, caseId);
  if (!row) throw notFound("AML case");
  const entries = await caseHistory(ctx, caseId);
  const decided = systemCloseDecision({
    status: row.status,
    openingStatus: "open",
    assigneeId: row.assigneeId,
    tags: row.tags ?? [],
    closeRequest: row.closeRequest,
    entries,
    alerts: close.alerts,
  });
  if (!decided.close) return { closed: false, why: decided.why };
  const { toStatus, outcome } = SYSTEM_CLOSE.aml;
  const readAt = entries.at(-1)?.sequence ?? 0;
  try {
    await appendEntry(ctx, caseId, (now) => {
      if (now.eventCount !== readAt || now.status !== row.status) throw new LogMoved();
      const before = amlWork(now);
      return {
        eventType: "transitioned",
        toStatus,
        actorType: close.actor.actorType,
        actorId: close.actor.actorId,
        actorName: close.actor.actorName,
        actorKeyId: close.actor.actorKeyId,
        note: close.note,
        details: { outcome, reason: close.reason, alertIds: close.alerts.map((a) => a.alertId) },
        extras: {
          work: { before, after: applyWork(before, { type: "status_moved", closing: true, outcome }) },
        },
      };
    });
  } catch (err) {
    if (err instanceof LogMoved) return { closed: false, why: "worked" };
    throw err;
  }
  return { closed: true, toStatus };
}
