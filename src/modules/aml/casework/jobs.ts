import type { Env } from "../../../env";
import { type CaseSlaKind, sweepSlaBreaches } from "../../cases/sla/service";
import { recordSlaBreach } from "./service";
import { dueAmlCases } from "./system-repo";

/**
 * AML cases in the one SLA sweep (cases/sla/service.ts), the STR clock included: a breach is an
 * `sla_breached` history entry with the `case.sla_breached` outbox event and the projection's
 * marker in one batch, timed at the sweep's instant.
 */
export const amlSla: CaseSlaKind = {
  kind: "aml",
  due: dueAmlCases,
  breach: async (ctx, due, eventId, queueId) => {
    await recordSlaBreach(ctx, due.caseId, due.dueAt, eventId, queueId);
  },
};

/** The sweep over AML cases alone (a cron task of its own, src/jobs/registry.ts). */
export const amlSlaSweepTask = (env: Env, at: Date) => sweepSlaBreaches(env, at, [amlSla]);
