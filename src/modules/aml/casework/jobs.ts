import { shardNumbers } from "../../../db/client";
import { loadTenantContext, type TenantContext } from "../../../db/tenant-context";
import type { Env } from "../../../env";
import { SLA_SWEEP_LIMIT, slaEventId } from "../../cases/domain/work";
import { notifyOutbox } from "../../events/service";
import { recordSlaBreach } from "./service";
import { dueAmlCases } from "./system-repo";

/**
 * Cron (every minute): records the SLA breach of AML cases due by `at` (the STR clock included),
 * at most SLA_SWEEP_LIMIT per shard per run. Each is an `sla_breached` history entry with the
 * `case.sla_breached` outbox event and the projection's marker in one batch, timed at `at`.
 */
export async function amlSlaSweepTask(env: Env, at: Date): Promise<void> {
  const contexts = new Map<string, TenantContext>();
  for (const shard of shardNumbers(env)) {
    for (const due of await dueAmlCases(env, shard, at.toISOString(), SLA_SWEEP_LIMIT)) {
      const loaded =
        contexts.get(due.tenantId) ??
        (await loadTenantContext(env, due.tenantId, `cron-sla-${crypto.randomUUID()}`));
      const ctx = { ...loaded, clock: { now: () => at } };
      contexts.set(due.tenantId, ctx);
      await recordSlaBreach(
        ctx,
        due.caseId,
        due.dueAt,
        await slaEventId("aml", due.tenantId, due.caseId, due.dueAt),
      );
    }
  }
  for (const ctx of contexts.values()) await notifyOutbox(ctx);
}
