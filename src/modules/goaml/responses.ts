import { z } from "@hono/zod-openapi";
import { PaginationSchema } from "../../http/openapi";
import { STR_MAX_TRANSACTIONS } from "./domain/case-input";
import { REPORT_STATUSES } from "./domain/lifecycle";
import { FiuProfileSchema, KycSubjectSchema, ReportingEntitySchema } from "./schemas";

// Response shapes of modules/goaml: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const GoamlProfileResponse = z.object({
  success: z.literal(true),
  profile: FiuProfileSchema,
  reportingEntity: z.union([ReportingEntitySchema, z.null()]),
  isDefault: z.boolean().openapi({ description: "true: no stored profile, the Ghana default applies" }),
  updatedAt: z.string().nullable(),
});

export const SubjectResponse = z.object({
  success: z.literal(true),
  customerId: z.string(),
  subject: KycSubjectSchema,
  updatedAt: z.string(),
});

export const ReportStatusSchema = z.enum(REPORT_STATUSES);

const History = z.object({
  fromStatus: ReportStatusSchema.nullable(),
  toStatus: ReportStatusSchema,
  fiuRefNumber: z.string().nullable(),
  note: z.string().nullable(),
  actorType: z.string(),
  actorId: z.string(),
  createdAt: z.string(),
});

export const GoamlReportSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(["str", "ctr"]),
    caseId: z.string().nullable(),
    day: z.string().nullable().openapi({ description: "CTR: the tenant-local day reported" }),
    status: ReportStatusSchema,
    reportCode: z.string(),
    sha256: z.string().openapi({ description: "SHA-256 (hex) of the stored XML" }),
    sizeBytes: z.number().int(),
    transactionCount: z
      .number()
      .int()
      .openapi({
        description: `STR: the case window's newest transactions, at most ${STR_MAX_TRANSACTIONS}`,
      }),
    fiuRefNumber: z.string().nullable(),
    resubmissionOf: z.string().nullable(),
    prevRejectedRefNumber: z.string().nullable(),
    createdBy: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("GoamlReport");

export const GoamlReportDetail = GoamlReportSchema.extend({ history: z.array(History) }).openapi(
  "GoamlReportDetail",
);

export const ReportResponse = z.object({ success: z.literal(true), report: GoamlReportDetail });

export const ReportListResponse = z.object({ success: z.literal(true), data: z.array(GoamlReportSchema) });

export const PagedReportsResponse = z.object({
  success: z.literal(true),
  data: z.array(GoamlReportSchema),
  pagination: PaginationSchema,
});

export const CtrRunSchema = z
  .object({
    day: z.string(),
    status: z.enum(["filed", "empty", "refused"]),
    issues: z.array(z.object({ path: z.string(), message: z.string() })),
    ranAt: z.string(),
    qualifyingCount: z.number().int(),
    reportId: z.string().nullable(),
  })
  .openapi("GoamlCtrRun");

export const CtrRunResponse = z.object({ success: z.literal(true), run: CtrRunSchema });

export const CtrRunsResponse = z.object({
  success: z.literal(true),
  data: z.array(CtrRunSchema),
  pagination: PaginationSchema,
});
