import type { TenantContext } from "../../db/tenant-context";
import { countTenantRows } from "../../db/tenant-row-counts";
import { startOrJoin } from "../../jobs/dedupe";
import { sendJobs } from "../../jobs/enqueue";
import { DEFAULT_JOB_CONCURRENCY } from "../../jobs/fairness";
import { jobs, USAGE_MEASURE_JOB } from "../../jobs/messages";
import { jobSlotsInUse } from "../../jobs/slots";
import { AppError } from "../../lib/errors";
import { rowCounts } from "../data/service";
import { countNewRows } from "../data/upsert/service";
import {
  type Addition,
  DEFAULT_STORAGE_QUOTA_BYTES,
  describeAddition,
  MEASURE_MAX_AGE_SECONDS,
  MEASURED_TABLES,
  objectUsage,
  type StorageTable,
  storageCheck,
  tableUsage,
  totalBytes,
} from "./domain/quota";
import * as repo from "./repo";

type Ctx = Pick<TenantContext, "db" | "tenantId" | "tenant" | "env" | "clock">;

/** A queued recount not done after this long is presumed lost (its message dead) and sent again. */
const RECOUNT_TAKEOVER_MS = 10 * 60_000;

export const storageQuotaOf = (ctx: Pick<TenantContext, "tenant">) =>
  ctx.tenant.settings.storageQuotaBytes ?? DEFAULT_STORAGE_QUOTA_BYTES;

/**
 * The measured tables' rows: the saved counts, however old. Saved counts older than
 * MEASURE_MAX_AGE_SECONDS are used as they are and a recount is queued (one per tenant at a
 * time): a COUNT over a large tenant's millions of rows takes seconds, which no request should
 * wait for. Only a tenant with no saved counts at all (new, or from before the counts) is
 * counted on the spot, once.
 */
async function measuredRows(ctx: Ctx) {
  const now = ctx.clock.now();
  const saved = await repo.measuredRows(ctx.env, ctx.tenantId);
  if (!saved) {
    const counts = await countTenantRows(ctx.env, ctx.tenant.shard, ctx.tenantId, MEASURED_TABLES);
    const measuredAt = now.toISOString();
    await repo.saveMeasuredRows(ctx.env, ctx.tenantId, counts, measuredAt);
    return { counts, measuredAt };
  }
  if (now.getTime() - Date.parse(saved.measuredAt) >= MEASURE_MAX_AGE_SECONDS * 1000)
    await requestRecount(ctx, saved.measuredAt);
  return { counts: saved.counts, measuredAt: saved.measuredAt };
}

/**
 * Queues a recount unless one is already queued or running (dedupe key per tenant, src/jobs/dedupe.ts):
 * a queued recount is the one whose claim is newer than the saved counts and younger than
 * RECOUNT_TAKEOVER_MS (after that its message is presumed lost and another is sent). A failure
 * here never fails the request: the next one asks again.
 */
async function requestRecount(ctx: Ctx, measuredAt: string): Promise<void> {
  const now = ctx.clock.now();
  try {
    await startOrJoin(
      ctx.env,
      { tenantId: ctx.tenantId, key: USAGE_MEASURE_JOB, now },
      async (jobId, claimedAt) =>
        claimedAt > measuredAt && now.getTime() - Date.parse(claimedAt) < RECOUNT_TAKEOVER_MS
          ? jobId
          : undefined,
      async (jobId) => {
        await sendJobs(ctx.env, [jobs.usageMeasure(ctx.tenantId, now.toISOString())]);
        return jobId;
      },
    );
  } catch (err) {
    console.error(
      JSON.stringify({
        level: "error",
        msg: "usage recount not queued",
        tenantId: ctx.tenantId,
        err: String(err),
      }),
    );
  }
}

/** The queued recount (src/modules/usage/jobs.ts): counts and saves, unless counted since it was asked for. */
export async function remeasure(ctx: Ctx, requestedAt: string) {
  const saved = await repo.measuredRows(ctx.env, ctx.tenantId);
  if (saved && saved.measuredAt >= requestedAt) return { measuredAt: saved.measuredAt, counted: false };
  const counts = await countTenantRows(ctx.env, ctx.tenant.shard, ctx.tenantId, MEASURED_TABLES);
  const measuredAt = ctx.clock.now().toISOString();
  await repo.saveMeasuredRows(ctx.env, ctx.tenantId, counts, measuredAt);
  return { measuredAt, counted: true };
}

/** Everything the tenant stores: trigger-kept rows, measured rows, R2 objects; bytes in all. */
async function storageFigures(ctx: Ctx) {
  const [exact, measured, objectRows] = await Promise.all([
    rowCounts(ctx),
    measuredRows(ctx),
    repo.objectTotals(ctx.env, ctx.tenantId),
  ]);
  const tables = tableUsage({ ...measured.counts, ...exact });
  const objects = objectUsage(Object.fromEntries(objectRows.map((o) => [o.kind, o])));
  return {
    tables,
    objects,
    usedBytes: totalBytes(tables, objects),
    measuredAt: measured.measuredAt,
  };
}

/** GET /v1/usage: rows, objects and bytes of everything the tenant stores, the quota, its running jobs. */
export async function usage(ctx: Ctx) {
  const [figures, running] = await Promise.all([
    storageFigures(ctx),
    jobSlotsInUse(ctx.env, ctx.tenantId, ctx.clock.now()),
  ]);
  const quotaBytes = storageQuotaOf(ctx);
  return {
    storage: {
      tables: figures.tables,
      objects: figures.objects,
      measuredAt: figures.measuredAt,
      estimatedBytes: figures.usedBytes,
      quotaBytes,
      remainingBytes: Math.max(0, quotaBytes - figures.usedBytes),
    },
    jobs: { running, concurrency: ctx.tenant.settings.jobConcurrency ?? DEFAULT_JOB_CONCURRENCY },
  };
}

/**
 * Refuses (403 storage_quota_exceeded) a write that would take the tenant past its storage
 * quota, before anything is written. A write that adds nothing always goes through. Decided on
 * the saved measured counts however old (never a COUNT in the request when some exist): no
 * job prunes the measured tables, so old counts are a lower bound and a write refused on them
 * would be refused on fresh ones too; one let through on them may overshoot by what the tenant
 * wrote since (docs/decisions/fairness.md#storage-quotas). Two concurrent writes may each fit alone.
 */
export async function assertStorage(ctx: Ctx, added: Addition): Promise<void> {
  const quotaBytes = storageQuotaOf(ctx);
  const figures = await storageFigures(ctx);
  const check = storageCheck(figures.usedBytes, added, quotaBytes);
  if (check.fits) return;
  const what = describeAddition(added);
  throw new AppError(
    "storage_quota_exceeded",
    `Storage quota exceeded: ${what} (about ${check.addedBytes} bytes) on top of about ${check.usedBytes} bytes used would pass the quota of ${quotaBytes} bytes. Nothing was written; GET /v1/usage shows the figures.`,
  );
}

/** The ingest's check: the rows not yet stored (by external identity) are what it adds. */
export async function assertStorageFor(ctx: Ctx, table: StorageTable, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  await assertStorage(ctx, { table, rows: await countNewRows(ctx, table, rows) });
}

/** A deleted tenant's storage figures and recounts go with its tombstone's completion. */
export const usageRemovalStatements = (env: Ctx["env"], tenantId: string) =>
  repo.removalStatements(env, tenantId);
