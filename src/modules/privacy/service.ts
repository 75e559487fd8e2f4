import { shardNumbers } from "../../db/client";
import { REDACTED } from "../../db/maintenance";
import { KEPT_RECORDS, PERSONAL_COLUMNS } from "../../db/personal-columns";
import type { CustomerErasureRow } from "../../db/shard/privacy";
import type { TenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import { sendJobs } from "../../jobs/enqueue";
import { jobs } from "../../jobs/messages";
import { callingCodeOf, homeCountryOf } from "../../lib/countries";
import { notFound } from "../../lib/errors";
import { tenantAuditInsert } from "../audit/service";
import { getCustomer } from "../data/service";
import { subjectValues } from "./domain/subject";
import * as repo from "./repo";
import * as systemRepo from "./system-repo";

/**
 * A data-subject erasure (Ghana Data Protection Act, 2012 (Act 843), s. 33): the customer's
 * personal values are replaced by "[erased]" in every tenant table, its BHI reports deleted;
 * its transactions stay (for accounting) under the now pseudonymous customer id. Runs on the
 * jobs queue; docs/decisions/offboarding-and-erasure.md says what is kept and why.
 */

/** What every erasure erases and keeps, per category (src/db/personal-columns.ts). */
const ERASED = [...new Set(PERSONAL_COLUMNS.map((p) => p.category))].map((category) => ({
  category,
  legalBasis: "Data Protection Act, 2012 (Act 843), s. 33: the data subject's request",
}));
const KEPT = KEPT_RECORDS.map((k) => ({ ...k }));

export const presentErasure = (row: CustomerErasureRow) => ({
  id: row.id,
  customerId: row.customerId,
  status: row.status,
  progress: { rowsRedacted: row.rowsRedacted, objectsDeleted: row.objectsDeleted },
  erased: [
    ...ERASED,
    { category: "cached answers (idempotency)", legalBasis: ERASED[0].legalBasis },
    {
      category: "fraud and AML case notes about the customer (their key deleted)",
      legalBasis: ERASED[0].legalBasis,
    },
    { category: "BHI report files", legalBasis: ERASED[0].legalBasis },
  ],
  kept: KEPT,
  createdAt: row.createdAt,
  completedAt: row.completedAt,
});

export async function requestErasure(ctx: TenantContext, customerId: string) {
  const customer = await getCustomer(ctx, customerId);
  const now = ctx.clock.now().toISOString();
  const row: CustomerErasureRow = {
    id: crypto.randomUUID(),
    tenantId: ctx.tenantId,
    customerId,
    status: "running",
    step: 0,
    tableIndex: 0,
    cursor: null,
    searchValues: subjectValues(customer, REDACTED, callingCodeOf(homeCountryOf(ctx.tenant.settings))),
    rowsRedacted: 0,
    objectsDeleted: 0,
    requestedBy: ctx.keyId ?? "unknown",
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  };
  await ctx.db.batch([
    repo.insertErasure(ctx, row),
    // The entry names the customer by id only: the audit log must not keep what is erased.
    tenantAuditInsert(ctx, {
      action: "customer.erasure_requested",
      target: { type: "customer", id: customerId },
      after: { erasureId: row.id },
    }),
  ]);
  await sendJobs(ctx.env, [jobs.customerErasure(ctx.tenantId, row.id, 0)]);
  return presentErasure(row);
}

export async function getErasure(ctx: TenantContext, erasureId: string) {
  const row = await repo.findErasure(ctx, erasureId);
  if (!row) throw notFound("Erasure");
  return presentErasure(row);
}

/** Running erasures on every shard that saved nothing since `before` (at most `cap` per shard): the operator's figures. */
export async function stalledErasureCount(env: Env, before: string, cap: number) {
  const perShard = await Promise.all(
    shardNumbers(env).map((shard) => systemRepo.stalledErasures(env, shard, before, cap)),
  );
  return perShard.reduce((n, rows) => n + rows.length, 0);
}
