import { z } from "@hono/zod-openapi";
import { IsoDateTime, orNull } from "../../http/openapi";

// Response shapes of modules/privacy: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const CustomerErasureSchema = z
  .object({
    id: z.uuid(),
    customerId: z.uuid(),
    status: z.enum(["running", "completed"]),
    progress: z.object({
      rowsRedacted: z
        .number()
        .int()
        .min(0)
        .openapi({ description: "Rows in which a personal value was replaced" }),
      objectsDeleted: z
        .number()
        .int()
        .min(0)
        .openapi({ description: "The customer's BHI report files deleted" }),
    }),
    createdAt: IsoDateTime,
    completedAt: orNull(IsoDateTime),
  })
  .openapi("CustomerErasure", {
    description:
      "A data-subject erasure (Act 843): the customer's personal values become [erased] everywhere; transactions stay under the pseudonymous customer id; case logs stay verifiable",
  });

export const CustomerErasureResponse = z.object({ success: z.literal(true), erasure: CustomerErasureSchema });
