/**
 * The daily CTR (docs/methodology/goaml.md#ctr-run): the tenant-local business day's cash
 * transactions (the profile's CTR channels; `cash` by default, as the AML features count cash)
 * that reach the profile's threshold summed per customer as its aggregation says, in one report
 * per day. The run is recorded whatever happens: `empty`
 * when nothing qualified, `refused` with the validator's issues (missing KYC facts), `filed`.
 */

import type { PageRequest } from "../../../db/keyset";
import type { TenantContext } from "../../../db/tenant-context";
import { badRequest } from "../../../lib/errors";
import { presentPage } from "../../../lib/pagination";
import { tenantAuditInsert } from "../../audit/service";
import { eventInsert } from "../../events/service";
import {
  type AccountFacts,
  clientAccount,
  holderOf,
  type KycSubject,
  transactionInputs,
} from "../domain/case-input";
import { buildCtr, selectCtrCash } from "../domain/ctr";
import { type LocalDay, localDay, previousLocalDay } from "../domain/ctr-day";
import { ctrAggregation } from "../domain/fiu-profile";
import type { ClientAccountInput } from "../domain/parties";
import { ownAccounts } from "../indicators/service";
import { presentRun } from "../present";
import * as repo from "../repo";
import { loadSettings, storeXml } from "../service";

/** Qualifying transactions one CTR holds; more is refused rather than silently cut. */
export const CTR_MAX_TRANSACTIONS = 2_000;
/** Cash transactions of the day's customers at the threshold read to find the qualifying ones. */
export const CTR_MAX_CANDIDATES = 5_000;

const zoneOf = (ctx: TenantContext) => ctx.tenant.settings.timeZone ?? "UTC";

/**
 * The cron's run: the local day before `scheduledAt` in the tenant's zone. Nothing for a tenant
 * without a reporting entity (goAML not set up: no report could be built).
 */
export async function runDailyCtr(ctx: TenantContext, scheduledAt: Date) {
  const settings = await loadSettings(ctx);
  if (!settings.reportingEntity) return null;
  return runCtr(ctx, previousLocalDay(scheduledAt, zoneOf(ctx)));
}

/** A manual run for a past local day (a retry after a refusal); a filed or empty day is returned as it is. */
export async function runCtrForDay(ctx: TenantContext, day: string) {
  const bounds = localDay(day, zoneOf(ctx));
  if (bounds.to > ctx.clock.now().toISOString())
    throw badRequest("The day is not over yet", [{ path: "day", message: "must be a past local day" }]);
  return runCtr(ctx, bounds);
}

async function runCtr(ctx: TenantContext, bounds: LocalDay) {
  const done = await repo.findRun(ctx, bounds.day);
  if (done && done.status !== "refused") return presentRun(done);
  const settings = await loadSettings(ctx);
  const entity = settings.reportingEntity;
  if (!entity)
    throw badRequest("The goAML profile has no reporting entity", [
      { path: "reportingEntity", message: "set it with PUT /v1/goaml/profile" },
    ]);
  const { profile } = settings;
  const candidates = await repo.ctrCandidates(ctx, {
    channels: profile.ctr.channels,
    thresholdMinor: profile.ctr.thresholdMinor,
    aggregation: ctrAggregation(profile),
    from: bounds.from,
    to: bounds.to,
    limit: CTR_MAX_CANDIDATES + 1,
  });
  const rows = selectCtrCash(profile, candidates, (t) => ({
    id: t.externalId,
    subject: t.customerId,
    direction: t.type,
    amountMinor: t.amountMinor,
    channel: t.channel,
    date: t.transactionDate,
  }));
  const at = ctx.clock.now().toISOString();
  const record = async (
    status: "filed" | "empty" | "refused",
    extra: { reportId?: string; issues?: unknown[] },
  ) => {
    const run = {
      day: bounds.day,
      status,
      ranAt: at,
      qualifyingCount: rows.length,
      reportId: extra.reportId ?? null,
      issues: (extra.issues as never) ?? null,
    };
    await ctx.db.batch([repo.upsertRun(ctx, run)]);
    return presentRun({ ...run, tenantId: ctx.tenantId });
  };
  if (candidates.length > CTR_MAX_CANDIDATES)
    return record("refused", {
      issues: [
        {
          path: "transactions",
          message: `more than ${CTR_MAX_CANDIDATES} cash transactions of customers at the threshold`,
        },
      ],
    });
  if (rows.length === 0) return record("empty", {});
  if (rows.length > CTR_MAX_TRANSACTIONS)
    return record("refused", {
      issues: [
        { path: "transactions", message: `more than ${CTR_MAX_TRANSACTIONS} qualifying transactions` },
      ],
    });

  const accounts = new Map(
    (await repo.accountsByIds(ctx, [...new Set(rows.map((t) => t.accountId))])).map((a) => [a.id, a]),
  );
  const customerIds = [...new Set([...accounts.values()].map((a) => a.customerId))];
  const customers = new Map((await repo.customersByIds(ctx, customerIds)).map((c) => [c.id, c]));
  const kyc = new Map(
    (await repo.subjectsOf(ctx, customerIds)).map((s) => [s.customerId, s.subject as KycSubject]),
  );
  const clients = new Map<string, ClientAccountInput>();
  const clientOf = (id: string) => {
    const account = accounts.get(id);
    const customer = account && customers.get(account.customerId);
    if (account && customer && !clients.has(id)) {
      const holder = holderOf(customer, kyc.get(customer.id));
      clients.set(id, clientAccount(profile, entity, customer, account as AccountFacts, holder));
    }
    return clients.get(id);
  };
  const mapped = transactionInputs(profile, rows, clientOf, await ownAccounts(ctx, rows, entity.institution));
  if (mapped.issues.length) return record("refused", { issues: mapped.issues });
  const built = buildCtr(profile, {
    reportingEntity: entity,
    day: bounds.day,
    transactions: mapped.transactions,
    generatedAt: at,
  });
  if (built.ok === "empty") return record("empty", {});
  if (!built.ok) return record("refused", { issues: built.issues });

  const stored = await storeXml(ctx, "ctr", built.xml);
  const count = (built.xml.match(/<transaction>/g) ?? []).length;
  const run = {
    day: bounds.day,
    status: "filed" as const,
    ranAt: at,
    qualifyingCount: rows.length,
    reportId: stored.id,
    issues: null,
  };
  await ctx.db.batch([
    repo.insertReport(ctx, {
      ...stored,
      kind: "ctr",
      caseId: null,
      reportDay: bounds.day,
      status: "draft",
      reportCode: profile.reportCodes.ctr,
      transactionCount: count,
      fiuRefNumber: null,
      resubmissionOf: null,
      prevRejectedRefNumber: null,
      createdBy: "system",
      createdAt: at,
      updatedAt: at,
    }),
    repo.insertHistory(ctx, {
      id: crypto.randomUUID(),
      reportId: stored.id,
      fromStatus: null,
      toStatus: "draft",
      actorType: "system",
      actorId: "goaml-ctr",
      createdAt: at,
    }),
    repo.upsertRun(ctx, run),
    tenantAuditInsert(ctx, {
      action: "goaml.ctr_generated",
      target: { type: "goaml_report", id: stored.id },
      after: { day: bounds.day, transactionCount: count, sha256: stored.sha256 },
    }),
    eventInsert(
      ctx,
      "goaml.ctr_generated",
      { reportId: stored.id, day: bounds.day, transactionCount: count, sha256: stored.sha256 },
      ctx.clock.now(),
    ),
  ]);
  return presentRun({ ...run, tenantId: ctx.tenantId });
}

export async function listRuns(ctx: TenantContext, page: PageRequest) {
  return presentPage(await repo.listRuns(ctx, page), presentRun);
}
