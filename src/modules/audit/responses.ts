import { z } from "@hono/zod-openapi";
import { PaginationSchema } from "../../http/openapi";
import { ACTOR_TYPES } from "./domain/types";

// Response shapes of modules/audit: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const AuditEntrySchema = z
  .object({
    id: z.uuid().openapi({ description: "UUID v7: ids sort in time order" }),
    actor: z
      .object({
        type: z.enum(ACTOR_TYPES),
        id: z.string().openapi({
          description:
            'operator: the operator token id ("bootstrap" for ADMIN_TOKEN); api_key: the API key id; ' +
            "system: the job or task",
        }),
      })
      .openapi("AuditActor"),
    action: z.string().openapi({ example: "aml.thresholds_updated" }),
    target: z
      .object({ type: z.string(), id: z.string() })
      .openapi("AuditTarget", { example: { type: "webhook_subscription", id: "0196..." } }),
    tenantId: z.uuid().nullable().openapi({ description: "null for platform actions" }),
    before: z.record(z.string(), z.unknown()).nullable().openapi({
      additionalProperties: true,
      description: "State before the change (secrets never appear); null on creation",
    }),
    after: z.record(z.string(), z.unknown()).nullable().openapi({
      additionalProperties: true,
      description: "State after the change (secrets never appear); null on deletion",
    }),
    requestId: z.string(),
    createdAt: z.string(),
  })
  .openapi("AuditEntry");

export const AuditLogPage = z
  .object({ success: z.literal(true), data: z.array(AuditEntrySchema), pagination: PaginationSchema })
  .openapi("AuditLogPage");

export const AuditLogVerification = z
  .object({
    success: z.literal(true),
    log: z.enum(["operator", "tenant"]).openapi({ description: "The operator log, or a tenant's own log" }),
    tenantId: z.uuid().nullable(),
    valid: z.boolean(),
    checked: z
      .number()
      .int()
      .min(0)
      .openapi({ description: "Entries whose hash was recomputed from genesis" }),
    sealed: z.number().int().min(0).openapi({
      description: "Entries written since the last verification, sealed into the chain by this one",
    }),
    headSequence: z.number().int().min(0).openapi({ description: "The last entry's place in the log" }),
    headHash: z.string(),
    firstBrokenAt: z
      .object({ sequence: z.number().int().nullable(), id: z.string() })
      .nullable()
      .openapi({
        description:
          "The first entry whose place or keyed hash does not match (edited, removed or reordered " +
          "outside the service); null when valid",
      }),
  })
  .openapi("AuditLogVerification");
