import type { Env } from "../../../env";
import { type CaseSlaKind, sweepSlaBreaches } from "../../cases/sla/service";
import { appendEvent } from "../service";
import { dueFraudCases } from "./system-repo";

/**
 * Fraud cases in the one SLA sweep (cases/sla/service.ts): a breach is a system `sla_breached`
 * event through the case's Durable Object, with the `case.sla_breached` outbox event in the same
 * batch; the object refuses a second one for the same due date (a `conflict`), so overlapping
 * runs record it once.
 */
export const fraudSla: CaseSlaKind = {
  kind: "fraud",
  due: dueFraudCases,
  breach: async (ctx, due, eventId, queueId) => {
    await appendEvent(ctx, due.caseId, {
      eventType: "sla_breached",
      actorType: "system",
      actorId: "sla-sweep",
      noteContent: `Due at ${due.dueAt}; not closed by then`,
      resolution: { dueAt: due.dueAt },
      dueAt: due.dueAt,
      outboxEventId: eventId,
      queueId,
    });
  },
};

/** The sweep over fraud cases alone (a cron task of its own, src/jobs/registry.ts). */
export const fraudSlaSweepTask = (env: Env, at: Date) => sweepSlaBreaches(env, at, [fraudSla]);
