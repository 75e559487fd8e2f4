import { z } from "@hono/zod-openapi";
import { PaginationQuery } from "../../../http/openapi";
import { RULE_SET_KINDS, type RuleSetKind } from "../domain/document";

/**
 * Each operation exists once per kind (`/v1/rule-sets/fraud/...`, `/v1/rule-sets/aml/...`), so
 * its scope is exact in the document: reading and drafting use the kind's area scopes.
 */
export const KINDS = RULE_SET_KINDS;
export const label = (kind: RuleSetKind) => (kind === "fraud" ? "Fraud" : "Aml");
export const readScope = (kind: RuleSetKind) => (kind === "fraud" ? "fraud:read" : "aml:read");
export const writeScope = (kind: RuleSetKind) => (kind === "fraud" ? "fraud:write" : "aml:write");
export const TAGS = ["Rule sets"];
/** The kind as the docs write it: "fraud", "AML"; with its article for "Get a/an ..." lines. */
export const ruleSetName = (kind: RuleSetKind) => (kind === "fraud" ? "fraud" : "AML");
export const aRuleSetName = (kind: RuleSetKind) => (kind === "fraud" ? "a fraud" : "an AML");

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
