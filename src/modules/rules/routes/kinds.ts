import { z } from "@hono/zod-openapi";
import { PaginationQuery } from "../../../http/openapi";

// The kinds' names and scopes are pure (domain/kinds.ts): rule-set backtests, mounted by
// monitoring under the same paths, name their operations with them too.
export { aRuleSetName, KINDS, label, readScope, ruleSetName, TAGS, writeScope } from "../domain/kinds";

export const VersionParams = z.object({
  version: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000_000)
    .openapi({
      // Numbered per tenant: another tenant's "1" names this tenant's own version 1 (test/fuzz).
      param: { name: "version", in: "path", "x-tenant-ordinal": true } as { name: string; in: "path" },
      description: "The tenant's own version number (versions are numbered per tenant)",
      type: "integer",
      minimum: 1,
      maximum: 1_000_000_000,
      example: 1,
    }),
});

export const PageQuery = PaginationQuery;
