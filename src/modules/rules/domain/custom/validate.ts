import type { ErrorDetail } from "../../../../lib/errors";
import { AML_TYPOLOGIES, isAmlTypology } from "../../../detection/domain/aml/typologies";
import { ruleCost } from "./cost";
import { isEntitySubject, leaves } from "./keys";
import {
  COMPARATORS,
  type CustomRule,
  MATCH_METHODS,
  SEVERITIES,
  TRANSACTION_FIELDS,
  TREE_LIMITS,
} from "./tree";
import {
  type Bag,
  field,
  isBag,
  isInt,
  oneOf,
  validateAggregate,
  validateOperand,
} from "./validate-aggregate";

/**
 * Semantic checks of a rule set's custom rules, one error per bad node with its exact path
 * (`custom.1.condition.conditions.0.aggregate.field`). Runs on untrusted JSON: nothing here
 * assumes the TypeScript shape, so it is safe before (or without) a structural schema.
 */

export const RULE_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
export const LIST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
export const ENTITY_TYPES = ["customer", "account", "agent", "merchant", "counterparty"] as const;
const OPS = ["and", "or", "not", "compare", "between", "in_list", "transaction"];
/** Subjects fuzzy matching applies to (texts: names and account numbers, not phones). */
const FUZZY_SUBJECTS = ["entity_name", "entity_account_number", "counterparty", "counterparty_account"];
const SUBJECTS = [
  "entity_name",
  "entity_phone",
  "entity_account_number",
  "counterparty",
  "counterparty_account",
];

/** Entity types that have the attribute an entity subject looks up (docs: rules.md#lists). */
export const SUBJECT_ENTITY_TYPES: Record<string, readonly string[]> = {
  entity_name: ["customer", "account", "agent", "merchant"],
  entity_phone: ["customer", "account"],
  entity_account_number: ["account"],
};

interface Walk {
  out: ErrorDetail[];
  nodes: number;
  appliesTo: string[];
}

function text(rule: Bag, key: string, path: string, out: ErrorDetail[], optional = false) {
  const v = field(rule, key);
  if (optional && v === undefined) return;
  if (typeof v !== "string" || v.trim() === "" || v.length > TREE_LIMITS.maxTextLength)
    out.push({
      path: `${path}.${key}`,
      message: `Must be a non-empty text of at most ${TREE_LIMITS.maxTextLength} characters`,
    });
}

function listNode(node: Bag, path: string, w: Walk) {
  const subject = field(node, "subject");
  if (!oneOf(SUBJECTS, subject)) {
    w.out.push({ path: `${path}.subject`, message: `Unknown subject; known: ${SUBJECTS.join(", ")}` });
  } else if (isEntitySubject(subject as never)) {
    const allowed = SUBJECT_ENTITY_TYPES[subject] ?? [];
    const missing = w.appliesTo.filter((t) => !allowed.includes(t));
    if (missing.length)
      w.out.push({ path: `${path}.subject`, message: `${subject} is not known for ${missing.join(", ")}` });
    if (field(node, "windowDays") !== undefined)
      w.out.push({ path: `${path}.windowDays`, message: "Only counterparty subjects search a window" });
  } else {
    const days = field(node, "windowDays");
    if (days !== undefined && !isInt(days, 1, TREE_LIMITS.maxWindowDays))
      w.out.push({
        path: `${path}.windowDays`,
        message: `Must be an integer 1-${TREE_LIMITS.maxWindowDays}`,
      });
  }
  const listId = field(node, "listId");
  if (typeof listId !== "string" || !LIST_ID_PATTERN.test(listId))
    w.out.push({ path: `${path}.listId`, message: `Must match ${LIST_ID_PATTERN.source}` });
  const match = field(node, "match");
  if (match === undefined) return;
  if (!isBag(match)) {
    w.out.push({ path: `${path}.match`, message: "Must be {method, threshold}" });
    return;
  }
  for (const key of Object.keys(match))
    if (key !== "method" && key !== "threshold")
      w.out.push({ path: `${path}.match.${key}`, message: "Unknown property" });
  if (!oneOf(MATCH_METHODS, field(match, "method")))
    w.out.push({ path: `${path}.match.method`, message: `Must be one of ${MATCH_METHODS.join(", ")}` });
  const threshold = field(match, "threshold");
  if (typeof threshold !== "number" || !Number.isFinite(threshold) || threshold < 0.5 || threshold > 1)
    w.out.push({ path: `${path}.match.threshold`, message: "Must be a number from 0.5 to 1" });
  if (oneOf(SUBJECTS, subject) && !FUZZY_SUBJECTS.includes(subject))
    w.out.push({ path: `${path}.match`, message: `Fuzzy matching applies to ${FUZZY_SUBJECTS.join(", ")}` });
}

/** A field of the transaction being screened: amount against an operand, text fields against `in`. */
function transactionNode(node: Bag, path: string, w: Walk) {
  for (const key of Object.keys(node))
    if (!["op", "field", "comparator", "to", "in", "windowDays"].includes(key))
      w.out.push({ path: `${path}.${key}`, message: "Unknown property" });
  const f = field(node, "field");
  if (!oneOf(TRANSACTION_FIELDS, f)) {
    w.out.push({ path: `${path}.field`, message: `Unknown field; known: ${TRANSACTION_FIELDS.join(", ")}` });
    return;
  }
  const days = field(node, "windowDays");
  if (days !== undefined && !isInt(days, 1, TREE_LIMITS.maxWindowDays))
    w.out.push({ path: `${path}.windowDays`, message: `Must be an integer 1-${TREE_LIMITS.maxWindowDays}` });
  if (f === "amount") {
    if (field(node, "in") !== undefined)
      w.out.push({ path: `${path}.in`, message: "amount compares with to" });
    if (!oneOf(COMPARATORS, field(node, "comparator")))
      w.out.push({
        path: `${path}.comparator`,
        message: `Unknown comparator; known: ${COMPARATORS.join(" ")}`,
      });
    validateOperand(field(node, "to"), `${path}.to`, w.out, false);
    return;
  }
  for (const key of ["comparator", "to"])
    if (field(node, key) !== undefined)
      w.out.push({ path: `${path}.${key}`, message: `${f} is a text: use in` });
  const values = field(node, "in");
  if (
    !Array.isArray(values) ||
    values.length === 0 ||
    values.length > TREE_LIMITS.maxFilterValues ||
    !values.every((v) => typeof v === "string" && v.trim() !== "" && v.length <= 200)
  )
    w.out.push({
      path: `${path}.in`,
      message: `Must be a list of 1 to ${TREE_LIMITS.maxFilterValues} non-empty texts of at most 200 characters`,
    });
}

function condition(node: unknown, path: string, depth: number, w: Walk): void {
  // Past the node limit (reported once per rule) the rest of a hostile tree is not walked.
  if (++w.nodes > TREE_LIMITS.maxNodes) return;
  if (!isBag(node)) {
    w.out.push({ path, message: "Must be an object" });
    return;
  }
  const op = field(node, "op");
  if (!oneOf(OPS, op)) {
    w.out.push({ path: `${path}.op`, message: `Unknown operator; known: ${OPS.join(", ")}` });
    return;
  }
  if (depth > TREE_LIMITS.maxDepth) {
    w.out.push({ path, message: `Nested deeper than ${TREE_LIMITS.maxDepth} levels` });
    return;
  }
  if (op === "and" || op === "or") {
    const children = field(node, "conditions");
    if (!Array.isArray(children) || children.length === 0 || children.length > TREE_LIMITS.maxChildren) {
      w.out.push({
        path: `${path}.conditions`,
        message: `Must be a list of 1 to ${TREE_LIMITS.maxChildren} conditions`,
      });
      return;
    }
    for (const [i, child] of children.entries()) condition(child, `${path}.conditions.${i}`, depth + 1, w);
  } else if (op === "not") condition(field(node, "condition"), `${path}.condition`, depth + 1, w);
  else if (op === "in_list") listNode(node, path, w);
  else if (op === "transaction") transactionNode(node, path, w);
  else {
    validateAggregate(field(node, "aggregate"), `${path}.aggregate`, w.out);
    if (op === "compare") {
      if (!oneOf(COMPARATORS, field(node, "comparator")))
        w.out.push({
          path: `${path}.comparator`,
          message: `Unknown comparator; known: ${COMPARATORS.join(" ")}`,
        });
      validateOperand(field(node, "to"), `${path}.to`, w.out);
    } else {
      validateOperand(field(node, "low"), `${path}.low`, w.out);
      validateOperand(field(node, "high"), `${path}.high`, w.out);
      const low = field(node, "low");
      const high = field(node, "high");
      const lv = isBag(low) ? field(low, "value") : undefined;
      const hv = isBag(high) ? field(high, "value") : undefined;
      if (typeof lv === "number" && typeof hv === "number" && lv > hv)
        w.out.push({ path: `${path}.high`, message: "Must be at least low" });
    }
  }
}

function rule(r: unknown, path: string, out: ErrorDetail[]): boolean {
  if (!isBag(r)) {
    out.push({ path, message: "Must be an object" });
    return false;
  }
  const before = out.length;
  const ruleId = field(r, "ruleId");
  if (typeof ruleId !== "string" || !RULE_ID_PATTERN.test(ruleId))
    out.push({ path: `${path}.ruleId`, message: `Must match ${RULE_ID_PATTERN.source}` });
  text(r, "name", path, out);
  text(r, "description", path, out, true);
  text(r, "reason", path, out);
  text(r, "counterfactual", path, out);
  const typology = field(r, "typology");
  if (typology !== undefined && !isAmlTypology(typology))
    out.push({ path: `${path}.typology`, message: `Must be one of ${AML_TYPOLOGIES.join(", ")}` });
  if (typeof field(r, "enabled") !== "boolean")
    out.push({ path: `${path}.enabled`, message: "Must be a boolean" });
  if (!oneOf(SEVERITIES, field(r, "severity")))
    out.push({ path: `${path}.severity`, message: `Must be one of ${SEVERITIES.join(", ")}` });
  // Required of fraud rules only (domain/validate.ts): AML outcomes carry a risk level, not a score.
  const score = field(r, "score");
  if (
    score !== undefined &&
    (typeof score !== "number" || !Number.isFinite(score) || score < 0 || score > 100)
  )
    out.push({ path: `${path}.score`, message: "Must be a number 0-100" });
  const appliesTo = field(r, "appliesTo");
  const types = Array.isArray(appliesTo) ? appliesTo : [];
  if (
    !Array.isArray(appliesTo) ||
    types.length === 0 ||
    !types.every((t) => oneOf(ENTITY_TYPES, t)) ||
    new Set(types).size !== types.length
  )
    out.push({
      path: `${path}.appliesTo`,
      message: `Must be a list of distinct entity types: ${ENTITY_TYPES.join(", ")}`,
    });
  const w: Walk = { out, nodes: 0, appliesTo: types.filter((t): t is string => oneOf(ENTITY_TYPES, t)) };
  condition(field(r, "condition"), `${path}.condition`, 1, w);
  if (w.nodes > TREE_LIMITS.maxNodes)
    out.push({ path: `${path}.condition`, message: `More than ${TREE_LIMITS.maxNodes} nodes` });
  return out.length === before;
}

/** Characters of a (valid) rule's filter values. */
function constantChars(rule: CustomRule): number {
  let n = 0;
  for (const leaf of leaves(rule.condition)) {
    if (leaf.op === "transaction") for (const v of leaf.in ?? []) n += v.length;
    if (leaf.op !== "compare" && leaf.op !== "between") continue;
    for (const v of Object.values(leaf.aggregate.filter ?? {}))
      if (Array.isArray(v)) for (const s of v) n += s.length;
  }
  return n;
}

export function validateCustomRules(rules: CustomRule[], path: string): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  const list: unknown = rules;
  if (!Array.isArray(list)) return [{ path, message: "Must be a list of rules" }];
  if (list.length > TREE_LIMITS.maxCustomRules)
    return [{ path, message: `At most ${TREE_LIMITS.maxCustomRules} custom rules` }];
  const seen = new Set<string>();
  let total = 0;
  let chars = 0;
  let listLookups = 0;
  list.forEach((r, i) => {
    const p = `${path}.${i}`;
    const valid = rule(r, p, out);
    const id = isBag(r) ? field(r, "ruleId") : undefined;
    if (typeof id === "string" && RULE_ID_PATTERN.test(id)) {
      if (seen.has(id)) out.push({ path: `${p}.ruleId`, message: `Duplicate ruleId ${id}` });
      seen.add(id);
    }
    if (!valid) return;
    // Every rule, enabled or not: a request may name a disabled one, and it then runs too.
    listLookups += leaves((r as CustomRule).condition).filter((leaf) => leaf.op === "in_list").length;
    const cost = ruleCost(r as CustomRule);
    if (cost > TREE_LIMITS.maxRuleCost)
      out.push({
        path: `${p}.condition`,
        message: `Costs ${cost}, more than ${TREE_LIMITS.maxRuleCost} per rule`,
      });
    if ((r as CustomRule).enabled) {
      total += cost;
      chars += constantChars(r as CustomRule);
    }
  });
  if (chars > TREE_LIMITS.maxConstantChars)
    out.push({
      path,
      message: `Filter values of enabled rules hold ${chars} characters, more than ${TREE_LIMITS.maxConstantChars}`,
    });
  if (listLookups > TREE_LIMITS.maxListLookups)
    out.push({
      path,
      message: `Rules hold ${listLookups} list lookups (in_list), more than ${TREE_LIMITS.maxListLookups} per rule set`,
    });
  if (total > TREE_LIMITS.maxRuleSetCost)
    out.push({
      path,
      message: `Enabled rules cost ${total}, more than ${TREE_LIMITS.maxRuleSetCost} per rule set`,
    });
  return out;
}
