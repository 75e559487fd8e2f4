import { asc, eq, gt, lt, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import {
  fineractAccounts,
  fineractLoans,
  importFiles,
  type SyncRunRow,
  syncRuns,
} from "../../../db/shard/ingest";
import { tenantValue } from "../../../db/tenant-tables";

/** Sync bookkeeping queries; every one filtered by the tenant. */

export const findRun = (scope: TenantScope, runId: string) =>
  scope.db.select().from(syncRuns, eq(syncRuns.id, runId)).get();

/**
 * Starts a run unless one is running: a run whose heartbeat is older than `staleBefore`
 * is declared failed first (its worker died), so a crash never blocks syncs for good.
 * Returns false when another run holds the tenant's connector.
 */
export async function startRun(scope: TenantScope, run: SyncRunRow, staleBefore: string): Promise<boolean> {
  const [, inserted] = await scope.db.batch([
    scope.db
      .update(syncRuns)
      .set({
        status: "failed",
        completedAt: run.startedAt,
        errors: sql`json_insert(errors, '$[#]', 'abandoned: no progress')`,
      })
      .where(
        eq(syncRuns.connectorType, run.connectorType),
        eq(syncRuns.status, "running"),
        lt(syncRuns.heartbeatAt, staleBefore),
      ),
    scope.db.insert(syncRuns).values(run).onConflictDoNothing(),
  ]);
  return (inserted as { meta: { changes: number } }).meta.changes === 1;
}

export const runningRun = (scope: TenantScope, connectorType: string) =>
  scope.db
    .select({ id: syncRuns.id })
    .from(syncRuns, eq(syncRuns.connectorType, connectorType), eq(syncRuns.status, "running"))
    .get();

/** Saves progress only if nobody else advanced the run since `version` (at-least-once queue). */
export async function saveRun(scope: TenantScope, run: SyncRunRow, version: number): Promise<boolean> {
  const result = await scope.db
    .update(syncRuns)
    .set({ ...run, version: version + 1 })
    .where(eq(syncRuns.id, run.id), eq(syncRuns.version, version));
  return (result as unknown as { meta: { changes: number } }).meta.changes === 1;
}

// ---- export files ----------------------------------------------------------------------

export const fileLedger = (scope: TenantScope) =>
  scope.db
    .select({ key: importFiles.objectKey, etag: importFiles.etag, status: importFiles.status })
    .from(importFiles);

export async function claimFiles(scope: TenantScope, rows: (typeof importFiles.$inferInsert)[]) {
  // 11 columns per row: 9 rows per statement stays under 100 bound parameters.
  const statements = [];
  for (let i = 0; i < rows.length; i += 9) {
    statements.push(
      scope.db
        .insert(importFiles)
        .values(rows.slice(i, i + 9))
        .onConflictDoUpdate({
          target: [importFiles.tenantId, importFiles.objectKey],
          set: {
            etag: sql`excluded.etag`,
            resource: sql`excluded.resource`,
            format: sql`excluded.format`,
            size: sql`excluded.size`,
            status: sql`excluded.status`,
            runId: sql`excluded.run_id`,
            recordsWritten: 0,
            errorCount: 0,
            loadedAt: null,
          },
        }),
    );
  }
  if (statements.length > 0) await scope.db.batch(statements as [never, ...never[]]);
}

export const pendingFiles = (scope: TenantScope, runId: string) =>
  scope.db.select().from(importFiles, eq(importFiles.runId, runId), eq(importFiles.status, "pending"));

export const markFileLoaded = (
  scope: TenantScope,
  key: string,
  result: { recordsWritten: number; errorCount: number; loadedAt: string },
) =>
  scope.db
    .update(importFiles)
    .set({ status: "loaded", ...result })
    .where(eq(importFiles.objectKey, key));

// ---- fineract -------------------------------------------------------------------------

/** Records what the account listing showed; new accounts start with no transactions loaded. */
export async function noteFineractAccounts(
  scope: TenantScope,
  seen: { accountId: string; fingerprint: string }[],
) {
  if (seen.length === 0) return;
  await scope.db.run(sql`INSERT INTO fineract_accounts (tenant_id, account_id, fingerprint, last_transaction_id)
    SELECT ${tenantValue(scope)}, json_extract(value, '$.accountId'), json_extract(value, '$.fingerprint'), 0
    FROM json_each(${JSON.stringify(seen)}) WHERE true
    ON CONFLICT (tenant_id, account_id) DO UPDATE SET fingerprint = excluded.fingerprint`);
}

/** Accounts that moved since their transactions were last loaded, in id order after `after`. */
export const movedFineractAccounts = (scope: TenantScope, after: string, limit: number) =>
  scope.db
    .select()
    .from(
      fineractAccounts,
      gt(fineractAccounts.accountId, after),
      sql`${fineractAccounts.fingerprint} IS NOT ${fineractAccounts.syncedFingerprint}`,
    )
    .orderBy(asc(fineractAccounts.accountId))
    .limit(limit);

export const markFineractAccountSynced = (
  scope: TenantScope,
  accountId: string,
  fingerprint: string | null,
  lastTransactionId: number,
) =>
  scope.db
    .update(fineractAccounts)
    .set({ syncedFingerprint: fingerprint, lastTransactionId })
    .where(eq(fineractAccounts.accountId, accountId));

/** Records what the loan listing showed; new loans start with no transactions loaded. */
export async function noteFineractLoans(scope: TenantScope, seen: { loanId: string; fingerprint: string }[]) {
  if (seen.length === 0) return;
  await scope.db.run(sql`INSERT INTO fineract_loans (tenant_id, loan_id, fingerprint, last_transaction_id)
    SELECT ${tenantValue(scope)}, json_extract(value, '$.loanId'), json_extract(value, '$.fingerprint'), 0
    FROM json_each(${JSON.stringify(seen)}) WHERE true
    ON CONFLICT (tenant_id, loan_id) DO UPDATE SET fingerprint = excluded.fingerprint`);
}

/** Loans that moved since they were last loaded, in id order after `after`. */
export const movedFineractLoans = (scope: TenantScope, after: string, limit: number) =>
  scope.db
    .select()
    .from(
      fineractLoans,
      gt(fineractLoans.loanId, after),
      sql`${fineractLoans.fingerprint} IS NOT ${fineractLoans.syncedFingerprint}`,
    )
    .orderBy(asc(fineractLoans.loanId))
    .limit(limit);

export const markFineractLoanSynced = (
  scope: TenantScope,
  loanId: string,
  fingerprint: string | null,
  lastTransactionId: number,
) =>
  scope.db
    .update(fineractLoans)
    .set({ syncedFingerprint: fingerprint, lastTransactionId })
    .where(eq(fineractLoans.loanId, loanId));
