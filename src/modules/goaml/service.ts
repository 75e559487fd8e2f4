/**
 * goAML filings (docs/decisions/goaml.md): the tenant's FIU profile, stored reports (the XML in
 * R2 under the tenant's prefix, its SHA-256 in D1) and their filing lifecycle. STR generation is
 * in ./str/service.ts, the daily CTR in ./ctr/service.ts.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { PageRequest } from "../../db/keyset";
import type { GoamlReportKind } from "../../db/shard/goaml";
import type { TenantContext } from "../../db/tenant-context";
import { isUniqueViolation } from "../../db/unique-violation";
import { sha256Hex } from "../../lib/crypto";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import { presentPage } from "../../lib/pagination";
import { appendCaseNote } from "../aml/cases/service";
import { tenantAuditInsert } from "../audit/service";
import { eventInsert } from "../events/service";
import { putTenantObject } from "../usage/objects/service";
import type { KycSubject } from "./domain/case-input";
import { type FiuProfile, validateFiuProfile } from "./domain/fiu-profile";
import { GHANA_FIC_PROFILE } from "./domain/ghana-profile";
import { CASE_ENTRY_FOR, canMoveReport, type ReportStatus } from "./domain/lifecycle";
import { type ReportingEntity, reportingEntitySchema } from "./domain/reporting-entity";
import { customCaseRules } from "./indicators/service";
import { presentReport, presentReportHistory } from "./present";
import * as repo from "./repo";
import type { PutSubjectBodyType as PutSubjectBody } from "./schemas";

export interface GoamlSettings {
  profile: FiuProfile;
  reportingEntity: ReportingEntity | null;
  isDefault: boolean;
  updatedAt: string | null;
}

export async function loadSettings(ctx: TenantContext): Promise<GoamlSettings> {
  const row = await repo.findProfile(ctx);
  if (!row) return { profile: GHANA_FIC_PROFILE, reportingEntity: null, isDefault: true, updatedAt: null };
  return {
    profile: row.profile as FiuProfile,
    reportingEntity: (row.reportingEntity as ReportingEntity | null) ?? null,
    isDefault: false,
    updatedAt: row.updatedAt,
  };
}

/** Replaces the tenant's profile; every issue is a 400 detail naming its field (`profile.ctr.thresholdMinor`). */
export async function putSettings(ctx: TenantContext, input: { profile: unknown; reportingEntity: unknown }) {
  const profile = validateFiuProfile(input.profile, { customRules: await customCaseRules(ctx) });
  const entity =
    input.reportingEntity === null ? null : reportingEntitySchema.safeParse(input.reportingEntity);
  const issues = [
    ...(profile.ok ? [] : profile.issues.map((i) => ({ path: `profile.${i.path}`, message: i.message }))),
    ...(entity && !entity.success
      ? entity.error.issues.map((i) => ({
          path: ["reportingEntity", ...i.path].join("."),
          message: i.message,
        }))
      : []),
  ];
  if (!profile.ok || (entity && !entity.success)) throw badRequest("Invalid goAML profile", issues);
  const before = await loadSettings(ctx);
  const reportingEntity = entity?.data ?? null;
  const at = ctx.clock.now().toISOString();
  await ctx.db.batch([
    repo.upsertProfile(ctx, profile.profile, reportingEntity, at),
    tenantAuditInsert(ctx, {
      action: "goaml.profile_updated",
      target: { type: "goaml_profile", id: ctx.tenantId },
      before: before.isDefault ? null : { profile: before.profile, reportingEntity: before.reportingEntity },
      after: { profile: profile.profile, reportingEntity },
    }),
  ]);
  return loadSettings(ctx);
}

/** Stores the KYC facts of a customer for its reports (404 for another tenant's customer). */
export async function putSubject(ctx: TenantContext, customerId: string, subject: KycSubject) {
  if (!(await repo.findCustomer(ctx, customerId))) throw notFound("Customer");
  const at = ctx.clock.now().toISOString();
  await ctx.db.batch([
    repo.upsertSubject(ctx, customerId, subject, at),
    tenantAuditInsert(ctx, {
      action: "goaml.subject_updated",
      target: { type: "customer", id: customerId },
      // Which facts changed, not the identity data itself.
      after: { fields: Object.keys(subject).sort() },
    }),
  ]);
  return { customerId, subject: subject as PutSubjectBody["subject"], updatedAt: at };
}

/** The KYC facts stored for a customer: 404 when none were entered (or another tenant's customer). */
export async function getSubject(ctx: TenantContext, customerId: string) {
  const row = await repo.findSubject(ctx, customerId);
  if (!row) throw notFound("KYC facts for this customer");
  return { customerId, subject: row.subject as PutSubjectBody["subject"], updatedAt: row.updatedAt };
}

export const reportObjectKey = (tenantId: string, kind: GoamlReportKind, reportId: string) =>
  `tenants/${tenantId}/goaml/${kind}/${reportId}.xml`;

export interface StoredReport {
  id: string;
  objectKey: string;
  sha256: string;
  sizeBytes: number;
}

/** Puts the XML in R2 first: a failed D1 batch then leaves an unlisted object, never a listed report without XML. */
export async function storeXml(
  ctx: TenantContext,
  kind: GoamlReportKind,
  xml: string,
): Promise<StoredReport> {
  const id = crypto.randomUUID();
  const bytes = new TextEncoder().encode(xml);
  const objectKey = reportObjectKey(ctx.tenantId, kind, id);
  const sha256 = await sha256Hex(xml);
  await putTenantObject(ctx.env, ctx.tenantId, objectKey, bytes, {
    httpMetadata: { contentType: "application/xml; charset=utf-8" },
    customMetadata: { sha256, kind },
  });
  return { id, objectKey, sha256, sizeBytes: bytes.byteLength };
}

export async function getReport(ctx: TenantContext, reportId: string) {
  const row = await repo.findReport(ctx, reportId);
  if (!row) throw notFound("goAML report");
  const history = await repo.reportHistory(ctx, reportId);
  return { ...presentReport(row), history: history.map(presentReportHistory) };
}

export async function listCaseReports(ctx: TenantContext, caseId: string) {
  if (!(await repo.findCase(ctx, caseId))) throw notFound("AML case");
  return (await repo.reportsForCase(ctx, caseId)).map(presentReport);
}

export async function listReports(ctx: TenantContext, kind: GoamlReportKind, page: PageRequest) {
  return presentPage(await repo.listReports(ctx, kind, page), presentReport);
}

/** The stored XML, checked against the SHA-256 recorded when it was generated. */
export async function reportXml(ctx: TenantContext, reportId: string) {
  const row = await repo.findReport(ctx, reportId);
  if (!row) throw notFound("goAML report");
  const object = await ctx.env.FILES.get(row.objectKey);
  if (!object) throw new AppError("internal", "The report's XML is missing from storage");
  const xml = await object.text();
  if ((await sha256Hex(xml)) !== row.sha256)
    throw new AppError("internal", "The stored XML does not match its recorded SHA-256");
  const name = row.kind === "str" ? `goaml-str-${row.id}.xml` : `goaml-ctr-${row.reportDay}-${row.id}.xml`;
  // A goAML report names customers and amounts: who took a copy is recorded.
  await tenantAuditInsert(ctx, {
    action: "goaml.report_downloaded",
    target: { type: "goaml_report", id: row.id },
    after: { kind: row.kind, status: row.status, sha256: row.sha256 },
  });
  return { xml, filename: name, sha256: row.sha256 };
}

export interface StatusInput {
  status: Exclude<ReportStatus, "draft">;
  fiuRefNumber?: string;
  note?: string;
  actorId: string;
  actorName?: string;
}

/** Records a filing step; an STR's step is also logged on its AML case's history. */
export async function moveReport(ctx: TenantContext, reportId: string, input: StatusInput) {
  const row = await repo.findReport(ctx, reportId);
  if (!row) throw notFound("goAML report");
  if (!canMoveReport(row.status, input.status))
    throw new AppError("invalid_transition", `A ${row.status} report cannot become ${input.status}`, [
      { path: "status", message: `draft -> submitted -> accepted | rejected; this report is ${row.status}` },
    ]);
  if (input.status === "submitted" && !input.fiuRefNumber)
    throw badRequest("Submitting needs the FIU's reference number", [
      { path: "fiuRefNumber", message: "required when status is submitted" },
    ]);
  const at = ctx.clock.now().toISOString();
  const fiuRefNumber = input.status === "submitted" ? input.fiuRefNumber : undefined;
  const statements: BatchItem<"sqlite">[] = [
    repo.moveReport(ctx, reportId, row.status, {
      status: input.status,
      ...(fiuRefNumber ? { fiuRefNumber } : {}),
      updatedAt: at,
    }),
    repo.insertHistory(ctx, {
      id: crypto.randomUUID(),
      reportId,
      fromStatus: row.status,
      toStatus: input.status,
      fiuRefNumber: fiuRefNumber ?? null,
      note: input.note ?? null,
      actorType: "user",
      actorId: input.actorId,
      createdAt: at,
    }),
    tenantAuditInsert(ctx, {
      action: "goaml.report_status_changed",
      target: { type: "goaml_report", id: reportId },
      before: { status: row.status },
      after: { status: input.status, fiuRefNumber: fiuRefNumber ?? row.fiuRefNumber },
    }),
    eventInsert(
      ctx,
      "goaml.report_status_changed",
      {
        reportId,
        kind: row.kind,
        caseId: row.caseId,
        day: row.reportDay,
        fromStatus: row.status,
        toStatus: input.status,
        fiuRefNumber: fiuRefNumber ?? row.fiuRefNumber,
      },
      ctx.clock.now(),
    ),
  ];
  try {
    await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("The report's status changed concurrently; read it again");
    throw error;
  }
  if (row.caseId) {
    const ref = fiuRefNumber ?? row.fiuRefNumber;
    await appendCaseNote(ctx, row.caseId, {
      eventType: CASE_ENTRY_FOR[input.status],
      actorType: "user",
      actorId: input.actorId,
      actorName: input.actorName ?? null,
      actorKeyId: ctx.keyId ?? null,
      note: `goAML report ${reportId} ${input.status}${ref ? ` (FIU reference ${ref})` : ""}${input.note ? `: ${input.note}` : ""}`,
    });
  }
  return getReport(ctx, reportId);
}
