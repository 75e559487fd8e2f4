import type { TenantContext } from "../../db/tenant-context";
import { DEFAULT_JOB_CONCURRENCY } from "../../jobs/fairness";
import { jobSlotsInUse } from "../../jobs/slots";
import { AppError } from "../../lib/errors";
import { rowCounts } from "../data/service";
import { countNewRows } from "../data/upsert/service";
import {
  DEFAULT_STORAGE_QUOTA_BYTES,
  type StorageTable,
  storageCheck,
  tableUsage,
  totalBytes,
} from "./domain/quota";

type Ctx = Pick<TenantContext, "db" | "tenantId" | "tenant" | "env" | "clock">;

export const storageQuotaOf = (ctx: Pick<TenantContext, "tenant">) =>
  ctx.tenant.settings.storageQuotaBytes ?? DEFAULT_STORAGE_QUOTA_BYTES;

/** GET /v1/usage: rows and estimated bytes per table, the quota, and the jobs running now. */
export async function usage(ctx: Ctx) {
  const [rows, running] = await Promise.all([
    rowCounts(ctx),
    jobSlotsInUse(ctx.env, ctx.tenantId, ctx.clock.now()),
  ]);
  const tables = tableUsage(rows);
  const estimatedBytes = totalBytes(tables);
  const quotaBytes = storageQuotaOf(ctx);
  return {
    storage: {
      tables,
      estimatedBytes,
      quotaBytes,
      remainingBytes: Math.max(0, quotaBytes - estimatedBytes),
    },
    jobs: { running, concurrency: ctx.tenant.settings.jobConcurrency ?? DEFAULT_JOB_CONCURRENCY },
  };
}

/**
 * Refuses (403 storage_quota_exceeded) a write whose new rows would take the tenant past its
 * storage quota, before anything is written. Rows already stored (by external identity) are
 * updates and are not counted. Two concurrent writes may each fit alone and overshoot together
 * by at most one request's rows (docs/decisions/fairness.md#storage-quotas).
 */
export async function assertStorageFor(ctx: Ctx, table: StorageTable, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  const [rowsNow, newRows] = await Promise.all([rowCounts(ctx), countNewRows(ctx, table, rows)]);
  const quotaBytes = storageQuotaOf(ctx);
  const check = storageCheck(rowsNow, table, newRows, quotaBytes);
  if (check.fits) return;
  throw new AppError(
    "storage_quota_exceeded",
    `Storage quota exceeded: ${newRows} new ${table} (about ${check.addedBytes} bytes) on top of about ${check.usedBytes} bytes used would pass the quota of ${quotaBytes} bytes. Nothing was written; GET /v1/usage shows the figures.`,
  );
}
