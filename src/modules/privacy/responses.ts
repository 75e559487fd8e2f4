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
    erased: z
      .array(z.object({ category: z.string(), legalBasis: z.string() }).openapi("ErasedCategory"))
      .openapi({ description: "What the erasure makes unreadable, per category, and on what basis" }),
    kept: z
      .array(
        z
          .object({ category: z.string(), reason: z.string(), legalBasis: z.string() })
          .openapi("KeptCategory"),
      )
      .openapi({
        description:
          "What the erasure keeps, per category, why and on what legal basis (Act 1044 record keeping, 5 years)",
      }),
    createdAt: IsoDateTime,
    completedAt: orNull(IsoDateTime),
  })
  .openapi("CustomerErasure", {
    description:
      "A data-subject erasure (Act 843): the customer's personal values become [erased] in its own rows " +
      "and the declared personal columns; transactions stay under the pseudonymous customer id; " +
      "chained logs (case logs, audit log) and filed goAML reports are kept byte for byte and listed in `kept`",
  });

export const CustomerErasureResponse = z.object({ success: z.literal(true), erasure: CustomerErasureSchema });
