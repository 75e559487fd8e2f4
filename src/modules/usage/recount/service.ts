import type { ObjectFigures, TenantObjectRecountRow } from "../../../db/control-schema";
import { getTenant } from "../../../db/tenant-directory";
import type { Env } from "../../../env";
import { jobs } from "../../../jobs/messages";
import { notFound } from "../../../lib/errors";
import { type OperatorContext, operatorAuditInsert } from "../../audit/service";
import { OBJECT_KINDS } from "../domain/quota";
import * as repo from "./repo";
import * as systemRepo from "./system-repo";

/**
 * Recounting a tenant's R2 objects (docs/operations.md#recounting-r2-objects): the running totals
 * of tenant_object_usage drift when objects reach the bucket, or leave it, other than through
 * usage/objects (a crash between a put and its count, a drop from outside the Worker). A recount
 * lists `tenants/{id}/` in pages on the jobs queue and sets each kind's total to what it found.
 */

const figuresOf = (by: Record<string, ObjectFigures> | null) =>
  by
    ? OBJECT_KINDS.map((kind) => ({ kind, objects: by[kind]?.objects ?? 0, bytes: by[kind]?.bytes ?? 0 }))
    : null;

export const presentRecount = (row: TenantObjectRecountRow) => ({
  id: row.id,
  tenantId: row.tenantId,
  status: row.status,
  pages: row.pages,
  objectsListed: Object.values(row.counted).reduce((n, f) => n + f.objects, 0),
  counted: figuresOf(row.counted) ?? [],
  before: figuresOf(row.totalsBefore),
  createdBy: row.createdBy,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  finishedAt: row.finishedAt,
  error: row.error,
});

/**
 * Starts a recount, audited in the same batch; while one runs, asking again re-sends its
 * current turn (a lost message resumes) and answers that recount.
 */
export async function startRecount(op: OperatorContext, tenantId: string) {
  const { env } = op;
  await getTenant(env, tenantId);
  const running = await repo.runningRecount(env, tenantId);
  if (running) {
    await env.JOBS_QUEUE.send(jobs.objectRecount(tenantId, running.id, running.step));
    return presentRecount(running);
  }
  const at = op.clock.now().toISOString();
  const row: TenantObjectRecountRow = {
    id: crypto.randomUUID(),
    tenantId,
    status: "running",
    step: 0,
    cursor: null,
    pages: 0,
    counted: {},
    totalsBefore: null,
    appliedBy: null,
    createdBy: op.actor.id,
    createdAt: at,
    updatedAt: at,
    finishedAt: null,
    failures: 0,
    error: null,
  };
  const audit = operatorAuditInsert(
    op,
    {
      action: "tenant.object_recount_started",
      target: { type: "tenant", id: tenantId },
      after: { recountId: row.id },
    },
    tenantId,
  );
  try {
    await repo.insertRecount(env, row, audit);
  } catch (error) {
    // The one-running-recount index: a concurrent start won; answer that one.
    if (!/UNIQUE/i.test(String(error))) throw error;
    return startRecount(op, tenantId);
  }
  await env.JOBS_QUEUE.send(jobs.objectRecount(tenantId, row.id, row.step));
  return presentRecount(row);
}

export async function getRecount(env: Env, tenantId: string, recountId: string) {
  const row = await repo.findRecount(env, tenantId, recountId);
  if (!row) throw notFound("Recount");
  return presentRecount(row);
}

/** Running recounts that saved nothing since `before` (at most `cap`): the operator's figures. */
export const stalledRecountCount = async (env: Env, before: string, cap: number) =>
  (await systemRepo.stalledRecounts(env, before, cap)).length;
