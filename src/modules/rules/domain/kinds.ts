import { RULE_SET_KINDS, type RuleSetKind } from "./document";

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
