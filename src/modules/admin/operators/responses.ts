import { z } from "@hono/zod-openapi";
import { OperatorScopeSchema } from "./schemas";

// Response shapes of modules/admin/operators: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const OperatorTokenSchema = z
  .object({
    id: z.uuid().openapi({ description: "The actor id of this operator in the audit log" }),
    name: z.string(),
    prefix: z.string().openapi({ example: "cop_AbC12345" }),
    status: z.enum(["active", "expired", "revoked"]).openapi({
      description:
        "revoked: by itself or with a token up its createdBy chain (revocation cascades); expired: past expiresAt",
    }),
    scopes: z.array(OperatorScopeSchema),
    createdBy: z.string().openapi({ description: 'Operator token id that created it, or "bootstrap"' }),
    createdAt: z.string(),
    expiresAt: z.string().openapi({ description: "Refused with 401 from this time on" }),
    lastUsedAt: z.string().nullable().openapi({
      description:
        "Last authenticated request, to the minute (written at most once a minute); null: never used",
    }),
    revokedAt: z.string().nullable(),
  })
  .openapi("OperatorToken");

export const NewOperatorTokenSchema = OperatorTokenSchema.extend({
  token: z.string().openapi({ description: "The plaintext token (cop_...). Shown only in this answer." }),
}).openapi("NewOperatorToken");
