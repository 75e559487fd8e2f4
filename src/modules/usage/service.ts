import type { TenantContext } from "../../db/tenant-context";
import { countTenantRows } from "../../db/tenant-row-counts";
import { DEFAULT_JOB_CONCURRENCY } from "../../jobs/fairness";
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
  REFUSAL_MAX_AGE_SECONDS,
  type StorageTable,
  storageCheck,
  tableUsage,
  totalBytes,
} from "./domain/quota";
import * as repo from "./repo";

type Ctx = Pick<TenantContext, "db" | "tenantId" | "tenant" | "env" | "clock">;

export const storageQuotaOf = (ctx: Pick<TenantContext, "tenant">) =>
  ctx.tenant.settings.storageQuotaBytes ?? DEFAULT_STORAGE_QUOTA_BYTES;

/**
 * The measured tables' rows: the saved counts while younger than `maxAgeSeconds`, else counted
 * again on the tenant's shard (one batch of COUNTs over its index ranges) and saved.
 */
async function measuredRows(ctx: Ctx, maxAgeSeconds: number) {
  const now = ctx.clock.now();
  const saved = await repo.measuredRows(ctx.env, ctx.tenantId);
  if (saved && now.getTime() - Date.parse(saved.measuredAt) < maxAgeSeconds * 1000)
    return { counts: saved.counts, measuredAt: saved.measuredAt, cached: true };
  const counts = await countTenantRows(ctx.env, ctx.tenant.shard, ctx.tenantId, MEASURED_TABLES);
  const measuredAt = now.toISOString();
  await repo.saveMeasuredRows(ctx.env, ctx.tenantId, counts, measuredAt);
  return { counts, measuredAt, cached: false };
}

/** Everything the tenant stores: trigger-kept rows, measured rows, R2 objects; bytes in all. */
async function storageFigures(ctx: Ctx, maxAgeSeconds = MEASURE_MAX_AGE_SECONDS) {
  const [exact, measured, objectRows] = await Promise.all([
    rowCounts(ctx),
    measuredRows(ctx, maxAgeSeconds),
    repo.objectTotals(ctx.env, ctx.tenantId),
  ]);
  const tables = tableUsage({ ...measured.counts, ...exact });
  const objects = objectUsage(Object.fromEntries(objectRows.map((o) => [o.kind, o])));
  return {
    tables,
    objects,
    usedBytes: totalBytes(tables, objects),
    measuredAt: measured.measuredAt,
    cached: measured.cached,
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
 * quota, before anything is written. A write that adds nothing always goes through. A refusal
 * is decided on figures at most REFUSAL_MAX_AGE_SECONDS old (saved ones may be up to
 * MEASURE_MAX_AGE_SECONDS old; a tenant retrying refused writes costs a count a minute at most);
 * a write that fits on saved figures goes through, so growth within that window may overshoot
 * (docs/decisions/fairness.md#storage-quotas). Two concurrent writes may also each fit alone.
 */
export async function assertStorage(ctx: Ctx, added: Addition): Promise<void> {
  const quotaBytes = storageQuotaOf(ctx);
  let figures = await storageFigures(ctx);
  let check = storageCheck(figures.usedBytes, added, quotaBytes);
  if (check.fits) return;
  if (figures.cached) {
    figures = await storageFigures(ctx, REFUSAL_MAX_AGE_SECONDS);
    check = storageCheck(figures.usedBytes, added, quotaBytes);
    if (check.fits) return;
  }
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

/** A deleted tenant's storage figures go with its tombstone's completion. */
export const usageRemovalStatements = (env: Ctx["env"], tenantId: string) =>
  repo.removalStatements(env, tenantId);
