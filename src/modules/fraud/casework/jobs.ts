import { shardNumbers } from "../../../db/client";
import { loadTenantContext, type TenantContext } from "../../../db/tenant-context";
import type { Env } from "../../../env";
import { AppError } from "../../../lib/errors";
import { SLA_SWEEP_LIMIT, slaEventId } from "../../cases/domain/work";
import { queueIdOf } from "../../cases/queues/service";
import { notifyOutbox } from "../../events/service";
import { appendEvent } from "../service";
import { dueFraudCases } from "./system-repo";

/**
 * Cron (every minute): records the SLA breach of fraud cases due by `at`, at most
 * SLA_SWEEP_LIMIT per shard per run (the rest wait a minute: they stay first by due date).
 * Each is a system `sla_breached` event through the case's Durable Object, with the
 * `case.sla_breached` outbox event in the same batch; the object refuses a second one for the
 * same due date, so overlapping runs record it once.
 */
export async function fraudSlaSweepTask(env: Env, at: Date): Promise<void> {
  const contexts = new Map<string, TenantContext>();
  for (const shard of shardNumbers(env)) {
    for (const due of await dueFraudCases(env, shard, at.toISOString(), SLA_SWEEP_LIMIT)) {
      const ctx =
        contexts.get(due.tenantId) ??
        (await loadTenantContext(env, due.tenantId, `cron-sla-${crypto.randomUUID()}`));
      contexts.set(due.tenantId, ctx);
      try {
        await appendEvent(ctx, due.caseId, {
          eventType: "sla_breached",
          actorType: "system",
          actorId: "sla-sweep",
          noteContent: `Due at ${due.dueAt}; not closed by then`,
          resolution: { dueAt: due.dueAt },
          dueAt: due.dueAt,
          outboxEventId: await slaEventId("fraud", due.tenantId, due.caseId, due.dueAt),
          queueId: await queueIdOf(ctx, "fraud", due.caseId),
        });
      } catch (error) {
        // Recorded meanwhile (a concurrent run): nothing left to do for this case.
        if (!(error instanceof AppError && error.code === "conflict")) throw error;
      }
    }
  }
  for (const ctx of contexts.values()) await notifyOutbox(ctx);
}
