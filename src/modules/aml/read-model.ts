/**
 * The AML module's read model: its case table, read only, for rule-set case feedback
 * (rules/feedback: precision per rule from how cases were closed). Cases are written only
 * through ./cases/service.ts.
 */
export { amlCases } from "../../db/shard/aml";
