import { DurableObject } from "cloudflare:workers";
import { shardDb } from "../db/client";
import type { FraudCaseEventRow, FraudCaseRow } from "../db/shard";
import type { Env } from "../env";
import {
  appendEvent,
  createCase,
  type EventInput,
  type LogHead,
  type LogResult,
  readHead,
} from "../modules/fraud/case-log";
import * as repo from "../modules/fraud/repo";

export interface AppendRequest {
  tenantId: string;
  shard: number;
  caseId: string;
  input: EventInput;
}

export interface CreateUnlessOpenRequest {
  tenantId: string;
  shard: number;
  row: FraudCaseRow;
  actor: { actorType: EventInput["actorType"]; actorId: string; actorName?: string | null };
}

/**
 * One instance per fraud case (idFromName(caseId)) serializes that case's appends: each
 * append reads the head, assigns head + 1 and writes event and projection in one D1 batch,
 * strictly one after another, so eventSequence is gapless and strictly increasing. Entity
 * instances (idFromName("entity:...")) serialize evaluate-and-create for one entity.
 * D1 stays the source of truth: the head cached here is only a shortcut, dropped on error.
 */
export class FraudCaseObject extends DurableObject<Env> {
  private queue: Promise<unknown> = Promise.resolve();
  private head: LogHead | null = null;

  /** Runs `task` after every earlier task of this instance has finished. */
  private serialized<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  append(req: AppendRequest): Promise<LogResult<FraudCaseEventRow>> {
    return this.serialized(async () => {
      const scope = { db: shardDb(this.env, req.shard), tenantId: req.tenantId };
      const cached =
        this.head?.tenantId === req.tenantId && this.head.caseId === req.caseId ? this.head : null;
      const head = cached ?? (await readHead(scope, req.caseId));
      if (!head) return { ok: false, error: { code: "not_found", message: "Fraud case not found" } };
      try {
        const result = await appendEvent(scope, head, req.input, new Date());
        if (!result.ok) return result;
        this.head = result.value.head;
        return { ok: true, value: result.value.event };
      } catch (err) {
        this.head = null;
        throw err;
      }
    });
  }

  /** Evaluate-and-create for one entity: returns the open case, or creates `row`. */
  createUnlessOpen(req: CreateUnlessOpenRequest): Promise<LogResult<{ caseId: string; created: boolean }>> {
    return this.serialized(async () => {
      const scope = { db: shardDb(this.env, req.shard), tenantId: req.tenantId };
      const open = await repo.findOpenCaseId(scope, req.row.entityType, req.row.entityId);
      if (open) return { ok: true, value: { caseId: open.id, created: false } };
      const result = await createCase(scope, req.row, req.actor);
      if (!result.ok) return result;
      return { ok: true, value: { caseId: req.row.id, created: true } };
    });
  }
}
