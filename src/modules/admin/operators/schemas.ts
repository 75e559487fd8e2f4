/** OpenAPI shapes of named operator tokens. */
import { z } from "@hono/zod-openapi";
import { IsoDateTime } from "../../../http/openapi";
import { OPERATOR_SCOPES, type OperatorScope } from "../../../lib/scopes";

export const OperatorScopeSchema = z
  .enum(OPERATOR_SCOPES as [OperatorScope, ...OperatorScope[]])
  .openapi("OperatorScope", {
    description:
      "`<area>:read` or `<area>:write` over tenants (with settings, connectors, object recounts and " +
      "deletion), keys (tenant API keys), shards (with the secret reseal), moves, exports, operators " +
      "(operator tokens); audit is `audit:read` only. Each /admin operation names the one it needs as " +
      "`x-required-scope`; ADMIN_TOKEN holds every one.",
  });

export const CreateOperatorTokenBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100).openapi({ example: "ama.owusu (on-call)" }),
    scopes: z
      .array(OperatorScopeSchema)
      .min(1)
      .max(OPERATOR_SCOPES.length)
      .optional()
      .openapi({
        description: "Only scopes the creating token holds (403 otherwise). Default: all of the creator's.",
        example: ["tenants:read", "keys:read", "keys:write"],
      }),
    expiresAt: IsoDateTime.optional().openapi({
      description:
        "When it stops working (401 from then on): in the future, at most 365 days away, and not after " +
        "the creating token's own expiry. Default: 90 days, or the creator's expiry if sooner.",
    }),
  })
  .openapi("CreateOperatorTokenRequest");

export const OperatorTokenIdParams = z.object({
  tokenId: z.uuid().openapi({ param: { name: "tokenId", in: "path" } }),
});
