import { z } from "@hono/zod-openapi";
import { IsoDateTime, PaginationSchema } from "../../../http/openapi";
import { RISK_LEVELS } from "./domain/routing";

// Response shapes of modules/cases/queues: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const CaseQueueSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    priority: z.number().int(),
    kinds: z.array(z.enum(["fraud", "aml"])),
    typologies: z.array(z.string()),
    minRiskLevel: z.enum(RISK_LEVELS).nullable(),
    members: z.array(z.string()),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .openapi("CaseQueue");

export const QueueResponse = z.object({ success: z.literal(true), queue: CaseQueueSchema });
export const QueueListResponse = z.object({ success: z.literal(true), data: z.array(CaseQueueSchema) });

export const QueueCaseSchema = z
  .object({
    kind: z.enum(["fraud", "aml"]),
    caseId: z.uuid(),
    status: z.string(),
    riskLevel: z.enum(RISK_LEVELS).openapi({ description: "Fraud severity or AML risk level" }),
    dueAt: IsoDateTime.nullable(),
    overdue: z.boolean(),
    openedAt: IsoDateTime,
    assigneeId: z.string().nullable(),
  })
  .openapi("CaseQueueCase");

export const QueueCasesResponse = z.object({
  success: z.literal(true),
  data: z.array(QueueCaseSchema),
  pagination: PaginationSchema,
});

export const QueueStatsResponse = z.object({
  success: z.literal(true),
  stats: z
    .object({
      queueId: z.uuid(),
      open: z.number().int(),
      overdue: z.number().int(),
      medianAgeHours: z
        .number()
        .nullable()
        .openapi({ description: "Of the open cases, one decimal; null when none" }),
      at: IsoDateTime,
    })
    .openapi("CaseQueueStats"),
});
