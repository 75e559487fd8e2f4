/** OpenAPI shapes of named operator tokens. */
import { z } from "@hono/zod-openapi";

export const CreateOperatorTokenBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100).openapi({ example: "ama.owusu (on-call)" }),
  })
  .openapi("CreateOperatorTokenRequest");

export const OperatorTokenSchema = z
  .object({
    id: z.uuid().openapi({ description: "The actor id of this operator in the audit log" }),
    name: z.string(),
    prefix: z.string().openapi({ example: "cop_AbC12345" }),
    status: z.enum(["active", "revoked"]),
    createdBy: z.string().openapi({ description: 'Operator token id that created it, or "bootstrap"' }),
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
  })
  .openapi("OperatorToken");

export const NewOperatorTokenSchema = OperatorTokenSchema.extend({
  token: z.string().openapi({ description: "The plaintext token (cop_...). Shown only in this answer." }),
}).openapi("NewOperatorToken");

export const OperatorTokenIdParams = z.object({
  tokenId: z.uuid().openapi({ param: { name: "tokenId", in: "path" } }),
});
