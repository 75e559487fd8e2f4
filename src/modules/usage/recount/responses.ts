import { z } from "@hono/zod-openapi";
import { OBJECT_KINDS } from "../domain/quota";

// Response shapes of modules/usage/recount: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const Figures = z
  .object({
    kind: z.enum(OBJECT_KINDS),
    objects: z.number().int().min(0),
    bytes: z.number().int().min(0),
  })
  .openapi("ObjectKindFigures");

export const ObjectRecountSchema = z
  .object({
    id: z.uuid(),
    tenantId: z.uuid(),
    status: z.enum(["running", "succeeded", "failed"]).openapi({
      description:
        "failed: one turn failed 10 times in a row (see error); the totals were left as they were, and a new recount may start",
    }),
    pages: z.number().int().min(0).openapi({ description: "List calls made so far (1,000 keys each)" }),
    objectsListed: z.number().int().min(0),
    counted: z.array(Figures).openapi({
      description:
        "Per kind, what the listing found so far; once succeeded, the tenant's R2 totals (GET /v1/usage) were set to it",
    }),
    before: z
      .array(Figures)
      .nullable()
      .openapi({ description: "The running totals the recount replaced; null until it succeeds" }),
    createdBy: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable(),
    error: z.string().nullable().openapi({
      description:
        "The last failed attempt of a turn (retried by the queue and the minute cron's resume); once failed, why it gave up; null if none failed",
    }),
  })
  .openapi("ObjectRecount");

export const ObjectRecountResponse = z.object({ success: z.literal(true), recount: ObjectRecountSchema });
