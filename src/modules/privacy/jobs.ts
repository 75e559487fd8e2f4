import { shardNumbers } from "../../db/client";
import { tenantScope } from "../../db/tenant-context";
import { getTenant } from "../../db/tenant-directory";
import type { Env } from "../../env";
import { sendJobs } from "../../jobs/enqueue";
import { type CustomerErasureMessage, jobs } from "../../jobs/messages";
import { RESUMES_PER_SWEEP, resumeStalled, stalledBefore } from "../../jobs/resumes";
import { AppError } from "../../lib/errors";
import { tenantSystemAuditInsert } from "../audit/service";
import { dropAnswersNaming } from "../idempotency/service";
import { deleteTenantObjects } from "../usage/objects/service";
import * as repo from "./repo";
import { deleteSubjectKey } from "./subject-keys/repo";
import * as systemRepo from "./system-repo";

/**
 * One turn of an erasure: up to SCRUB_PAGES_PER_TURN pages of SCRUB_ROWS rows (each one read
 * of keys and one batch: well under 1,000 D1 queries), then the next turn on the queue; the
 * step number makes a redelivered message a no-op. Last, the customer's BHI reports go (they
 * print the name and are regenerated on request) and the searched values are dropped.
 */
const SCRUB_ROWS = 500;
const SCRUB_PAGES_PER_TURN = 30;

const reportPrefix = (tenantId: string, customerId: string) =>
  `tenants/${tenantId}/reports/bhi/${customerId}/`;

async function deleteReports(env: Env, tenantId: string, customerId: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const listed = await env.FILES.list({ prefix: reportPrefix(tenantId, customerId), limit: 1000 });
    if (listed.objects.length === 0) return deleted;
    await deleteTenantObjects(env, tenantId, listed.objects);
    deleted += listed.objects.length;
  }
}

async function shardOf(env: Env, tenantId: string): Promise<number | undefined> {
  try {
    return (await getTenant(env, tenantId)).shard;
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return undefined; // deleted: its data went too
    throw err;
  }
}

export async function customerErasureJob(env: Env, message: CustomerErasureMessage): Promise<void> {
  const shard = await shardOf(env, message.tenantId);
  if (shard === undefined) return;
  const row = await systemRepo.findErasure(env, shard, message.tenantId, message.erasureId);
  if (row?.status !== "running" || row.step !== message.step) return;
  const now = new Date().toISOString();
  const tables = systemRepo.scrubTables();
  const values = row.searchValues ?? [];
  let { tableIndex, rowsRedacted } = row;
  let cursor = row.cursor;
  for (let n = 0; n < SCRUB_PAGES_PER_TURN && tableIndex < tables.length; n++) {
    const page = { after: cursor, limit: SCRUB_ROWS };
    const { changed, last } = await systemRepo.scrub(env, shard, tables[tableIndex], row.tenantId, page, {
      customerId: row.customerId,
      values,
    });
    rowsRedacted += changed;
    if (last) cursor = last;
    else {
      tableIndex++;
      cursor = null;
    }
  }
  if (tableIndex < tables.length) {
    const patch = {
      tableIndex,
      rowsRedacted,
      cursor,
      updatedAt: now,
    };
    if (await systemRepo.advanceErasure(env, shard, row, patch))
      await sendJobs(env, [jobs.customerErasure(row.tenantId, row.id, row.step + 1)]);
    return;
  }
  const objectsDeleted = await deleteReports(env, row.tenantId, row.customerId);
  const scope = tenantScope(env, shard, row.tenantId);
  // Cached answers are sealed, so the sweep could not search them: opened here, and those holding
  // a personal value dropped (not those naming the customer by id only, as the erasure's own).
  await dropAnswersNaming(env, scope, values);
  // The completion and its audit entry in one batch; a turn that lost the race records nothing.
  await scope.db.batch([
    // The customer's key goes: what it sealed in chained records (case notes) cannot be read.
    deleteSubjectKey(scope, row.customerId),
    repo.completeErasure(scope, row, {
      tableIndex,
      rowsRedacted,
      cursor: null,
      objectsDeleted,
      searchValues: null,
      status: "completed",
      updatedAt: now,
      completedAt: now,
    }),
    tenantSystemAuditInsert(
      env,
      scope,
      "customer.erasure",
      {
        action: "customer.erased",
        target: { type: "customer", id: row.customerId },
        after: { erasureId: row.id, rowsRedacted, objectsDeleted },
      },
      new Date(now),
      { onlyIfChanged: true },
    ),
  ]);
}

/**
 * Minute cron: erasures whose next turn's message was lost or dead-lettered (nothing saved for
 * STALLED_AFTER_SECONDS) get that turn's message again (src/jobs/resumes.ts). The rows live on
 * the shards: one small read per shard (running erasures are few; a moving tenant's row seen
 * on both shards is resumed once, and its job runs on the tenant's live shard).
 */
export async function resumeStalledErasures(env: Env, at: Date): Promise<number> {
  const before = stalledBefore(at);
  const perShard = await Promise.all(
    shardNumbers(env).map((shard) => systemRepo.stalledErasures(env, shard, before, RESUMES_PER_SWEEP)),
  );
  const resumed = await resumeStalled(
    env,
    "customer.erasure",
    perShard.flat().map((e) => ({
      jobId: e.id,
      tenantId: e.tenantId,
      step: `table ${e.tableIndex}:${e.step}`,
      message: jobs.customerErasure(e.tenantId, e.id, e.step),
    })),
    at,
  );
  return resumed.length;
}
