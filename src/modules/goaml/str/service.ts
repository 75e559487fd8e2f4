/**
 * An STR from an AML case: the case's customer (or account) and its transactions in the case's
 * window, newest first and at most STR_MAX_TRANSACTIONS; the reason from the analyst's
 * narrative and the case's explanation and evidence; indicators from the case's rule (built-in
 * or custom: its id, its typology, or the profile's default) through the FIU profile. A report the validator refuses is a 400 with its messages, and nothing is
 * stored. A valid one is stored as a draft and logged on the case.
 */
import type { TenantContext } from "../../../db/tenant-context";
import { isUniqueViolation } from "../../../db/unique-violation";
import { AppError, badRequest, notFound } from "../../../lib/errors";
import { appendCaseNote } from "../../aml/cases/service";
import { tenantAuditInsert } from "../../audit/service";
import { eventInsert } from "../../events/service";
import {
  type AccountFacts,
  type CaseFacts,
  clientAccount,
  holderOf,
  type KycSubject,
  reasonOf,
  STR_MAX_TRANSACTIONS,
  transactionInputs,
} from "../domain/case-input";
import type { ClientAccountInput } from "../domain/parties";
import { buildStr } from "../domain/str";
import { caseIndicators, caseRule, ownAccounts } from "../indicators/service";
import * as repo from "../repo";
import { getReport, loadSettings, storeXml } from "../service";

export interface StrRequest {
  narrative: string;
  action?: string;
  subject?: KycSubject;
  /** A rejected report of this case that the new one replaces. */
  resubmissionOf?: string;
  actorId: string;
  actorName?: string;
}

async function resubmission(ctx: TenantContext, caseId: string, reportId?: string) {
  if (!reportId) return undefined;
  const prev = await repo.findReport(ctx, reportId);
  if (!prev || prev.caseId !== caseId)
    throw badRequest("Unknown report to resubmit", [
      { path: "resubmissionOf", message: "not a report of this case" },
    ]);
  if (prev.status !== "rejected" || !prev.fiuRefNumber)
    throw badRequest("Only a rejected report is resubmitted", [
      { path: "resubmissionOf", message: `the report is ${prev.status}` },
    ]);
  return { id: prev.id, ref: prev.fiuRefNumber };
}

async function subjectOf(ctx: TenantContext, entityType: string, entityId: string) {
  if (entityType === "customer") return { customerId: entityId, accountId: undefined };
  if (entityType === "account") {
    const [account] = await repo.accountsByIds(ctx, [entityId]);
    if (account) return { customerId: account.customerId, accountId: account.id };
  }
  throw badRequest("An STR is built from a case on a customer or an account", [
    { path: "caseId", message: `the case is on a ${entityType}, which has no account holder to report` },
  ]);
}

export async function generateStr(ctx: TenantContext, caseId: string, input: StrRequest) {
  const c = await repo.findCase(ctx, caseId);
  if (!c) throw notFound("AML case");
  const settings = await loadSettings(ctx);
  const entity = settings.reportingEntity;
  if (!entity)
    throw badRequest("The goAML profile has no reporting entity", [
      {
        path: "reportingEntity",
        message: "set it with PUT /v1/goaml/profile (rentity_id, reporting person)",
      },
    ]);
  const prev = await resubmission(ctx, caseId, input.resubmissionOf);
  const subject = await subjectOf(ctx, c.entityType, c.entityId);
  const customer = await repo.findCustomer(ctx, subject.customerId);
  if (!customer)
    throw badRequest("The case's customer is not on record", [{ path: "caseId", message: "no customer" }]);
  const rows = await repo.entityTransactions(
    ctx,
    subject,
    c.windowStart,
    c.windowEnd,
    STR_MAX_TRANSACTIONS + 1,
  );
  const kept = rows.slice(0, STR_MAX_TRANSACTIONS);
  const accounts = new Map(
    (await repo.accountsByIds(ctx, [...new Set(kept.map((t) => t.accountId))])).map((a) => [a.id, a]),
  );
  const kyc = input.subject ? [] : await repo.subjectsOf(ctx, [customer.id]);
  const holder = holderOf(customer, input.subject ?? (kyc[0]?.subject as KycSubject | undefined));
  const clients = new Map<string, ClientAccountInput>();
  const clientOf = (id: string) => {
    const account = accounts.get(id) as AccountFacts | undefined;
    if (account && !clients.has(id))
      clients.set(id, clientAccount(settings.profile, entity, customer, account, holder));
    return clients.get(id);
  };
  const rule = await caseRule(ctx, c);
  caseIndicators(settings.profile, rule);
  const mapped = transactionInputs(
    settings.profile,
    kept,
    clientOf,
    await ownAccounts(ctx, kept, entity.institution),
  );
  if (mapped.issues.length) throw badRequest("The case's transactions cannot be reported", mapped.issues);
  const facts: CaseFacts = { ...c, evidence: c.evidence as CaseFacts["evidence"] };
  const more =
    rows.length > STR_MAX_TRANSACTIONS
      ? `\nThe ${STR_MAX_TRANSACTIONS} newest transactions of the case window are listed; the window holds more.`
      : "";
  const at = ctx.clock.now();
  const built = buildStr(settings.profile, {
    reportingEntity: entity,
    caseId,
    reason: reasonOf(input.narrative, facts) + more,
    ...(input.action ? { action: input.action } : {}),
    transactions: mapped.transactions,
    fired: { amlRules: [rule] },
    generatedAt: at.toISOString(),
    ...(prev ? { prevRejectedRefNumber: prev.ref } : {}),
  });
  if (!built.ok) throw badRequest("The report does not validate against the goAML schema", built.issues);
  const stored = await storeXml(ctx, "str", built.xml);
  const row: repo.NewReport = {
    ...stored,
    kind: "str",
    caseId,
    reportDay: null,
    status: "draft",
    reportCode: settings.profile.reportCodes.str,
    transactionCount: mapped.transactions.length,
    fiuRefNumber: null,
    resubmissionOf: prev?.id ?? null,
    prevRejectedRefNumber: prev?.ref ?? null,
    createdBy: input.actorId,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  };
  try {
    await ctx.db.batch([
      repo.insertReport(ctx, row),
      repo.insertHistory(ctx, {
        id: crypto.randomUUID(),
        reportId: stored.id,
        fromStatus: null,
        toStatus: "draft",
        note: null,
        actorType: "user",
        actorId: input.actorId,
        createdAt: at.toISOString(),
      }),
      tenantAuditInsert(ctx, {
        action: "goaml.report_generated",
        target: { type: "goaml_report", id: stored.id },
        after: { kind: "str", caseId, sha256: stored.sha256, resubmissionOf: row.resubmissionOf },
      }),
      eventInsert(
        ctx,
        "goaml.report_generated",
        { reportId: stored.id, kind: "str", caseId, sha256: stored.sha256 },
        at,
      ),
    ]);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("conflict", "That rejected report has already been resubmitted");
    throw error;
  }
  await appendCaseNote(ctx, caseId, {
    eventType: "report_generated",
    actorType: "user",
    actorId: input.actorId,
    actorName: input.actorName ?? null,
    actorKeyId: ctx.keyId ?? null,
    note: `goAML ${row.reportCode} ${stored.id} generated (sha256 ${stored.sha256})${prev ? `, replacing rejected ${prev.ref}` : ""}`,
  });
  return getReport(ctx, stored.id);
}
