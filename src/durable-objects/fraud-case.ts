import { DurableObject } from "cloudflare:workers";
import type { FraudCaseEventRow, FraudCaseRow } from "../db/shard";
import { tenantScope } from "../db/tenant-context";
import { yieldingEnv } from "../db/yielding-d1";
import type { Env } from "../env";
import { type CaseNotesRequest, writeCaseNotes } from "../modules/aml/cases/service";
import { anchorKeysFrom } from "../modules/cases/domain/anchor";
import { openCaseIds, openCasesStatements } from "../modules/fraud/cases/batch/repo";
import { newCaseRecords } from "../modules/fraud/cases/batch/service";
import { commitEvents, prepareEvent, readHead } from "../modules/fraud/cases/service";
import type {
  CaseActor,
  EventInput,
  LogError,
  LogHead,
  LogResult,
  OutboxEvent,
} from "../modules/fraud/domain/case-log";
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
  actor: CaseActor;
  /** The case's due date from the tenant's SLA (null: none). */
  dueAt?: string | null;
}

interface Waiting {
  req: AppendRequest;
  resolve: (result: LogResult<FraudCaseEventRow>) => void;
  reject: (error: unknown) => void;
}

/** Most events made durable in one D1 batch (statements: events + 1 projection update). */
const MAX_GROUP = 50;

/**
 * The case object: one instance per case of any kind serializes that case's appends (the name is
 * the fraud class's, kept so deployed objects stay where they are; the object's name is
 * cases/log/service.ts `caseObjectName`: a fraud case's bare id, `aml:<id>` for an AML case).
 *
 * Fraud: one instance per fraud case (idFromName(caseId)) serializes that case's appends, so
 * eventSequence is gapless and strictly increasing. Appends that arrive while a write is in
 * flight wait, then go together (group commit): each is decided against the head left by
 * the one before it, and the group's events plus the projection are one D1 batch (one
 * transaction): all durable or none. Answers go out only after the batch succeeds.
 * Entity instances (idFromName("entity:...")) serialize evaluate-and-create for one entity.
 * D1 stays the source of truth: the head cached here is a shortcut, dropped on any error.
 */
export class FraudCaseObject extends DurableObject<Env> {
  private waiting: Waiting[] = [];
  private draining = false;
  private head: LogHead | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private serialized: Promise<unknown> = Promise.resolve();

  constructor(state: DurableObjectState, env: Env) {
    // Its D1 statements let other events in, as the Worker's entry points' do (src/db/yielding-d1.ts).
    super(state, yieldingEnv(env));
  }

  /**
   * Every kind (cases/log/service.ts `appendInOrder`): runs `task`, the caller's append passed as
   * an RPC stub, once every earlier task of this object has settled, so one append of the case
   * runs at a time (AML builds, seals and commits in the caller, with its foreign statements).
   */
  serialize(task: () => Promise<void>): Promise<void> {
    const run = this.serialized.then(() => task());
    this.serialized = run.catch(() => undefined);
    return run;
  }

  /**
   * AML: one case's notes of a monitoring page (aml/cases/service.ts appendCaseNotes), written by
   * the object in the same order as `serialize`'s tasks: its head read, the notes chained on it,
   * one batch. Fails closed without SECRETS_KEY, as every append.
   */
  appendAmlNotes(req: CaseNotesRequest): Promise<{ written: number } | { notFound: true }> {
    const run = this.serialized.then(async () =>
      writeCaseNotes(
        tenantScope(this.env, req.shard, req.tenantId),
        await anchorKeysFrom(this.env.SECRETS_KEY),
        req,
      ),
    );
    this.serialized = run.catch(() => undefined);
    return run;
  }

  append(req: AppendRequest): Promise<LogResult<FraudCaseEventRow>> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ req, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length) {
        // One group = consecutive requests for the same tenant and case (an id is one case).
        const key = (w: Waiting) => `${w.req.tenantId}/${w.req.caseId}`;
        const first = key(this.waiting[0]);
        let size = 0;
        while (size < this.waiting.length && size < MAX_GROUP && key(this.waiting[size]) === first) size++;
        const group = this.waiting.splice(0, size);
        try {
          await this.commitGroup(group);
        } catch (err) {
          this.head = null;
          for (const w of group) w.reject(err);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private async commitGroup(group: Waiting[]): Promise<void> {
    const { tenantId, shard, caseId } = group[0].req;
    const scope = tenantScope(this.env, shard, tenantId);
    // Fails closed: without SECRETS_KEY no event is written (the head could not be anchored).
    const keys = await anchorKeysFrom(this.env.SECRETS_KEY);
    const cached = this.head?.tenantId === tenantId && this.head.caseId === caseId ? this.head : null;
    let head = cached ?? (await readHead(scope, caseId));
    if (!head) {
      for (const w of group)
        w.resolve({ ok: false, error: { code: "not_found", message: "Fraud case not found" } });
      return;
    }
    const before = head.work;
    const now = new Date();
    const outcomes: Array<{ event: FraudCaseEventRow } | { error: LogError }> = [];
    const events: FraudCaseEventRow[] = [];
    const outbox: OutboxEvent[] = [];
    for (const w of group) {
      const prepared = await prepareEvent(head, w.req.input, now);
      if (!prepared.ok) {
        outcomes.push({ error: prepared.error });
        continue;
      }
      head = prepared.value.head;
      events.push(prepared.value.event);
      if (prepared.value.outbox) outbox.push(prepared.value.outbox);
      outcomes.push({ event: prepared.value.event });
    }
    await commitEvents(scope, events, head, keys, outbox, before);
    this.head = head;
    group.forEach((w, i) => {
      const outcome = outcomes[i];
      w.resolve(
        "event" in outcome ? { ok: true, value: outcome.event } : { ok: false, error: outcome.error },
      );
    });
  }

  /**
   * Offboarding: the case's tenant is being deleted. Forgets the cached head (an append after
   * this reads D1, where the case is gone, and answers not_found) and clears the object's
   * storage; the log itself lives in D1 and is deleted there.
   */
  async wipe(): Promise<void> {
    this.head = null;
    await this.ctx.storage.deleteAll();
  }

  /** Evaluate-and-create for one entity: returns the open case, or creates `row`. */
  createUnlessOpen(req: CreateUnlessOpenRequest): Promise<LogResult<{ caseId: string; created: boolean }>> {
    const run = this.queue.then(async (): Promise<LogResult<{ caseId: string; created: boolean }>> => {
      const scope = tenantScope(this.env, req.shard, req.tenantId);
      const keys = await anchorKeysFrom(this.env.SECRETS_KEY);
      const open = await repo.findOpenCaseId(scope, req.row.entityType, req.row.entityId);
      if (open) return { ok: true, value: { caseId: open.id, created: false } };
      if (await repo.findCaseIdByAlert(scope, req.row.alertId))
        return {
          ok: false,
          error: { code: "conflict", message: `A case for alert ${req.row.alertId} already exists` },
        };
      // Guarded like monitoring's page opening (cases/batch), which does not pass through this
      // object: inserted only if the entity still has no open case when the batch runs.
      const records = await newCaseRecords(req.tenantId, req.row, req.actor, keys, req.dueAt ?? null);
      await scope.db.batchSql(openCasesStatements(scope, [{ row: req.row, ...records }]));
      const [now] = await openCaseIds(scope, [[req.row.entityType, req.row.entityId]]);
      if (!now)
        throw new Error(`fraud case of ${req.row.entityType} ${req.row.entityId} neither open nor opened`);
      return { ok: true, value: { caseId: now.caseId, created: now.caseId === req.row.id } };
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
