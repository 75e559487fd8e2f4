import type { TenantContext } from "../../db/tenant-context";
import { presentRecord } from "../bhi/present";
import { getHistory, getLatest } from "../bhi/service";
import { getCustomer } from "../data/service";
import { putTenantObject } from "../usage/objects/service";
import { type BhiReportModel, bhiReportCsv, REPORT_DISCLAIMER } from "./domain/bhi-report";

export const REPORT_FORMATS = ["json", "csv", "pdf"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Bump when a renderer changes: stored documents of the old layout are then not reused. */
export const REPORT_LAYOUT_VERSION = "1";
/** History records a report shows (the newest). */
export const REPORT_HISTORY_LIMIT = 100;

const CONTENT_TYPES: Record<ReportFormat, string> = {
  json: "application/json; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  pdf: "application/pdf",
};

export interface ReportDocument {
  body: ReadableStream | Uint8Array | string | null;
  contentType: string;
  etag: string;
  filename: string;
  /** "hit" when served from R2, "miss" when generated now, "not-modified" for a matching ETag. */
  cache: "hit" | "miss" | "not-modified";
}

export const reportKey = (tenantId: string, customerId: string, recordId: string, format: ReportFormat) =>
  `tenants/${tenantId}/reports/bhi/${customerId}/${recordId}-v${REPORT_LAYOUT_VERSION}.${format}`;

/**
 * The customer's BHI report. Documents are keyed by the latest BHI record: while it is
 * unchanged the stored document is served from R2 (or 304 for a matching If-None-Match);
 * a new calculation makes a new key, so nothing stale is ever served.
 */
export async function bhiReport(
  ctx: TenantContext,
  customerId: string,
  format: ReportFormat,
  ifNoneMatch?: string,
): Promise<ReportDocument> {
  const latest = await getLatest(ctx, customerId); // 404 for absent customer or BHI
  const etag = `"bhi-${latest.id}-v${REPORT_LAYOUT_VERSION}-${format}"`;
  const filename = `bhi-report-${customerId}-${latest.createdAt.slice(0, 10)}.${format}`;
  const base = { contentType: CONTENT_TYPES[format], etag, filename };
  if (ifNoneMatch && matches(ifNoneMatch, etag)) return { ...base, body: null, cache: "not-modified" };

  const key = reportKey(ctx.tenantId, customerId, latest.id, format);
  const stored = await ctx.env.FILES.get(key);
  if (stored) return { ...base, body: stored.body, cache: "hit" };

  const model = await buildModel(ctx, customerId, latest);
  const body =
    format === "pdf"
      ? await renderPdf(model)
      : format === "csv"
        ? bhiReportCsv(model)
        : JSON.stringify({ success: true, report: model });
  await putTenantObject(ctx.env, ctx.tenantId, key, body, {
    httpMetadata: { contentType: CONTENT_TYPES[format] },
    customMetadata: {
      recordId: latest.id,
      customerId,
      generatedAt: model.generatedAt,
      reportId: model.reportId,
    },
  });
  return { ...base, body, cache: "miss" };
}

/**
 * pdf-lib (a fifth of the bundle, with its fonts and zlib) is loaded by the first PDF an
 * isolate renders, not at start (docs/architecture.md#what-loads-lazily).
 */
const renderPdf = async (model: BhiReportModel) => (await import("./domain/bhi-pdf")).renderBhiPdf(model);

const matches = (header: string, etag: string) =>
  header.trim() === "*" || header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);

async function buildModel(
  ctx: TenantContext,
  customerId: string,
  latest: Awaited<ReturnType<typeof getLatest>>,
): Promise<BhiReportModel> {
  const [customer, history] = await Promise.all([
    getCustomer(ctx, customerId),
    getHistory(ctx, customerId, { limit: REPORT_HISTORY_LIMIT, offset: 0 }),
  ]);
  const bhi = presentRecord(latest);
  return {
    reportId: crypto.randomUUID(),
    generatedAt: ctx.clock.now().toISOString(),
    tenant: { id: ctx.tenantId, name: ctx.tenant.name, currency: ctx.tenant.settings.currency },
    customer: {
      id: customer.id,
      name: customer.name,
      externalId: customer.externalId,
      type: customer.type,
      status: customer.status,
      vertical: customer.vertical,
      industry: customer.businessInfo?.industry ?? null,
    },
    bhi,
    history: history.history,
    historyTotal: history.page.total,
    disclaimer: REPORT_DISCLAIMER,
  };
}
