/**
 * The SLA sweep of every case kind, one implementation (docs/decisions/case-work.md#due-dates-and-breaches):
 * per shard and kind, the earliest open cases whose due date passed with no breach recorded for
 * it, each recorded once per case and due date as the kind's `sla_breached` entry with the
 * `case.sla_breached` event (id from kind, tenant, case and due date) in the entry's batch.
 * The kinds say only how to find their due cases and how to write the entry.
 */
import { shardNumbers } from "../../../db/client";
import { loadTenantContext, type TenantContext } from "../../../db/tenant-context";
import type { Env } from "../../../env";
import { AppError } from "../../../lib/errors";
import { notifyOutbox } from "../../events/service";
import { type CaseKind, SLA_SWEEP_LIMIT, slaEventId } from "../domain/work";
import { queueIdOf } from "../queues/service";

/** A case past its due date with no breach recorded for that date. */
export interface DueCase {
  tenantId: string;
  caseId: string;
  dueAt: string;
}

/** What the sweep asks of a kind. */
export interface CaseSlaKind {
  kind: CaseKind;
  /** Open cases of one shard (all tenants) due by `at`, earliest first, at most `limit`. */
  due(env: Env, shard: number, at: string, limit: number): Promise<DueCase[]>;
  /**
   * Appends the kind's `sla_breached` entry and the outbox event `eventId` in one batch, timed at
   * the context's clock. A case that closed, moved its due date or had the breach recorded
   * meanwhile is left as it is (nothing written; a `conflict` thrown for it is taken as that).
   */
  breach(ctx: TenantContext, due: DueCase, eventId: string, queueId: string | null): Promise<void>;
}

/**
 * One pass over `kinds`: at most SLA_SWEEP_LIMIT cases per shard and kind (the rest wait a
 * minute, staying first by due date), then one outbox notification per tenant touched.
 */
export async function sweepSlaBreaches(env: Env, at: Date, kinds: readonly CaseSlaKind[]): Promise<void> {
  const contexts = new Map<string, TenantContext>();
  const contextOf = async (tenantId: string) => {
    const found =
      contexts.get(tenantId) ??
      ({
        ...(await loadTenantContext(env, tenantId, `cron-sla-${crypto.randomUUID()}`)),
        clock: { now: () => at },
      } satisfies TenantContext);
    contexts.set(tenantId, found);
    return found;
  };
  for (const shard of shardNumbers(env)) {
    for (const kind of kinds) {
      for (const due of await kind.due(env, shard, at.toISOString(), SLA_SWEEP_LIMIT)) {
        const ctx = await contextOf(due.tenantId);
        const eventId = await slaEventId(kind.kind, due.tenantId, due.caseId, due.dueAt);
        try {
          await kind.breach(ctx, due, eventId, await queueIdOf(ctx, kind.kind, due.caseId));
        } catch (error) {
          // Recorded meanwhile (a concurrent run): nothing left to do for this case.
          if (!(error instanceof AppError && error.code === "conflict")) throw error;
        }
      }
    }
  }
  for (const ctx of contexts.values()) await notifyOutbox(ctx);
}
