/**
 * The fraud module's read model: cases and their status projection, read only, for rule-set
 * case feedback (rules/feedback: precision per signal from how cases were closed). Cases are
 * written only through ./cases/service.ts.
 */
export { fraudCaseHeads, fraudCases } from "../../db/shard/fraud";
