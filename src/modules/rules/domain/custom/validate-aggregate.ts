import { isCountryCode } from "../../../../lib/countries";
import type { ErrorDetail } from "../../../../lib/errors";
import { THRESHOLD_NAMES } from "../../../detection/domain/aml/thresholds";
import {
  AGGREGATE_FIELDS,
  AGGREGATE_FUNCTIONS,
  COMPARATORS,
  GROUP_KEYS,
  HAVING_FUNCTIONS,
  TREE_LIMITS,
} from "./tree";

/**
 * Checks of an aggregate, its filter and comparison operands. Input is untrusted JSON: every
 * read goes through `field()` (own properties only), every membership test through a Set or
 * an array of constants, so `constructor`, `toString` or `__proto__` never look valid.
 */
export type Bag = Record<string, unknown>;
export const isBag = (v: unknown): v is Bag => v !== null && typeof v === "object" && !Array.isArray(v);
export const field = (o: Bag, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);
export const oneOf = (list: readonly string[], v: unknown): v is string =>
  typeof v === "string" && list.includes(v);
export const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

const MAX_AMOUNT = 1_000_000_000_000;
const MAX_MULTIPLE = 1000;
const MAX_VALUE_LENGTH = 200;
const THRESHOLDS: readonly string[] = THRESHOLD_NAMES;

const FILTER_LISTS = ["statuses", "channels", "categories", "counterparties", "merchants"] as const;
const FILTER_KEYS = new Set<string>([
  ...FILTER_LISTS,
  "types",
  "counterpartyCountries",
  "amountMin",
  "amountMax",
  "amountBelow",
  "hourFrom",
  "hourTo",
]);

function unknownKeys(o: Bag, known: readonly string[], path: string, out: ErrorDetail[]) {
  for (const key of Object.keys(o))
    if (!known.includes(key)) out.push({ path: `${path}.${key}`, message: "Unknown property" });
}

const positiveMultiple = (v: unknown) =>
  typeof v === "number" && Number.isFinite(v) && v > 0 && v <= MAX_MULTIPLE;

/** A threshold reference `{threshold, multiple?}` (an operand's or an amount bound's). */
function thresholdRef(o: Bag, path: string, out: ErrorDetail[]) {
  unknownKeys(o, ["threshold", "multiple"], path, out);
  if (!oneOf(THRESHOLDS, field(o, "threshold")))
    out.push({ path: `${path}.threshold`, message: `Unknown threshold; known: ${THRESHOLDS.join(", ")}` });
  const multiple = field(o, "multiple");
  if (multiple !== undefined && !positiveMultiple(multiple))
    out.push({ path: `${path}.multiple`, message: `Must be a number > 0 and <= ${MAX_MULTIPLE}` });
}

function amountBound(v: unknown, path: string, out: ErrorDetail[]) {
  if (typeof v === "number") {
    if (!Number.isFinite(v) || v < 0 || v > MAX_AMOUNT || Math.round(v * 100) !== v * 100)
      out.push({ path, message: `Must be an amount between 0 and ${MAX_AMOUNT} with at most 2 decimals` });
  } else if (isBag(v)) thresholdRef(v, path, out);
  else out.push({ path, message: "Must be an amount or {threshold, multiple}" });
}

/** Two bounds compare when both are constants or both scale the same threshold. */
function scaled(v: unknown): { base: string; x: number } | undefined {
  if (typeof v === "number") return { base: "", x: v };
  if (isBag(v) && typeof field(v, "threshold") === "string") {
    const m = field(v, "multiple");
    return { base: field(v, "threshold") as string, x: typeof m === "number" ? m : 1 };
  }
  return undefined;
}

function stringList(v: unknown, path: string, out: ErrorDetail[], check?: (s: string) => boolean) {
  if (!Array.isArray(v) || v.length === 0 || v.length > TREE_LIMITS.maxFilterValues) {
    out.push({ path, message: `Must be a list of 1 to ${TREE_LIMITS.maxFilterValues} values` });
    return;
  }
  v.forEach((item, i) => {
    if (typeof item !== "string" || item.trim() === "" || item.length > MAX_VALUE_LENGTH)
      out.push({
        path: `${path}.${i}`,
        message: `Must be a non-empty text of at most ${MAX_VALUE_LENGTH} characters`,
      });
    else if (check && !check(item))
      out.push({ path: `${path}.${i}`, message: "Not an ISO 3166-1 alpha-2 country code (upper case)" });
  });
}

export function validateFilter(filter: unknown, path: string, out: ErrorDetail[]) {
  if (!isBag(filter)) {
    out.push({ path, message: "Must be an object" });
    return;
  }
  for (const key of Object.keys(filter))
    if (!FILTER_KEYS.has(key)) out.push({ path: `${path}.${key}`, message: "Unknown filter" });
  for (const key of FILTER_LISTS) {
    const v = field(filter, key);
    if (v !== undefined) stringList(v, `${path}.${key}`, out);
  }
  const types = field(filter, "types");
  if (
    types !== undefined &&
    (!Array.isArray(types) ||
      types.length === 0 ||
      types.length > 2 ||
      !types.every((t) => oneOf(["credit", "debit"], t)))
  )
    out.push({ path: `${path}.types`, message: "Must be a list of credit and/or debit" });
  const countries = field(filter, "counterpartyCountries");
  if (countries !== undefined) stringList(countries, `${path}.counterpartyCountries`, out, isCountryCode);
  for (const key of ["amountMin", "amountMax", "amountBelow"]) {
    const v = field(filter, key);
    if (v !== undefined) amountBound(v, `${path}.${key}`, out);
  }
  const min = scaled(field(filter, "amountMin"));
  for (const [key, strict] of [
    ["amountMax", false],
    ["amountBelow", true],
  ] as const) {
    const upper = scaled(field(filter, key));
    if (min && upper && min.base === upper.base && (strict ? min.x >= upper.x : min.x > upper.x))
      out.push({ path: `${path}.${key}`, message: `Must be ${strict ? "above" : "at least"} amountMin` });
  }
  const from = field(filter, "hourFrom");
  const to = field(filter, "hourTo");
  for (const [key, v] of [
    ["hourFrom", from],
    ["hourTo", to],
  ] as const)
    if (v !== undefined && !isInt(v, 0, 23))
      out.push({ path: `${path}.${key}`, message: "Must be an hour 0-23" });
  if ((from === undefined) !== (to === undefined))
    out.push({
      path: `${path}.${from === undefined ? "hourFrom" : "hourTo"}`,
      message: "hourFrom and hourTo go together",
    });
}

const CATEGORICAL = AGGREGATE_FIELDS.filter((f) => f !== "amount");

/** A `groups` aggregate's `having`: one aggregate over each group's transactions against a constant. */
function validateHaving(having: unknown, path: string, out: ErrorDetail[]) {
  if (!isBag(having)) {
    out.push({ path, message: "Must be {fn, field?, comparator, value}" });
    return;
  }
  unknownKeys(having, ["fn", "field", "comparator", "value"], path, out);
  const fn = field(having, "fn");
  const f = field(having, "field");
  if (!oneOf(HAVING_FUNCTIONS, fn))
    out.push({ path: `${path}.fn`, message: `Unknown function; known: ${HAVING_FUNCTIONS.join(", ")}` });
  else if (fn === "count") {
    if (f !== undefined) out.push({ path: `${path}.field`, message: "count takes no field" });
  } else if (fn === "count_distinct") {
    if (!oneOf(CATEGORICAL, f))
      out.push({ path: `${path}.field`, message: `count_distinct needs one of ${CATEGORICAL.join(", ")}` });
  } else if (f !== "amount") out.push({ path: `${path}.field`, message: `${fn} needs field "amount"` });
  if (!oneOf(COMPARATORS, field(having, "comparator")))
    out.push({ path: `${path}.comparator`, message: `Unknown comparator; known: ${COMPARATORS.join(" ")}` });
  const v = field(having, "value");
  if (
    typeof v !== "number" ||
    !Number.isFinite(v) ||
    v < 0 ||
    v > MAX_AMOUNT ||
    Math.round(v * 100) !== v * 100
  )
    out.push({ path: `${path}.value`, message: `Must be a number 0-${MAX_AMOUNT} with at most 2 decimals` });
}

export function validateAggregate(aggregate: unknown, path: string, out: ErrorDetail[]) {
  if (!isBag(aggregate)) {
    out.push({ path, message: "Must be an object" });
    return;
  }
  unknownKeys(
    aggregate,
    ["fn", "field", "windowDays", "offsetDays", "filter", "groupBy", "having"],
    path,
    out,
  );
  const fn = field(aggregate, "fn");
  const f = field(aggregate, "field");
  if (fn !== "groups")
    for (const key of ["groupBy", "having"])
      if (field(aggregate, key) !== undefined)
        out.push({ path: `${path}.${key}`, message: `Only fn "groups" takes ${key}` });
  if (!oneOf(AGGREGATE_FUNCTIONS, fn))
    out.push({ path: `${path}.fn`, message: `Unknown function; known: ${AGGREGATE_FUNCTIONS.join(", ")}` });
  else if (fn === "groups") {
    if (f !== undefined)
      out.push({ path: `${path}.field`, message: "groups takes no field (see groupBy, having)" });
    if (!oneOf(GROUP_KEYS, field(aggregate, "groupBy")))
      out.push({ path: `${path}.groupBy`, message: `groups needs groupBy, one of ${GROUP_KEYS.join(", ")}` });
    const having = field(aggregate, "having");
    if (having !== undefined) validateHaving(having, `${path}.having`, out);
  } else if (fn === "count") {
    if (f !== undefined) out.push({ path: `${path}.field`, message: "count takes no field" });
  } else if (fn === "count_distinct") {
    if (!oneOf(CATEGORICAL, f))
      out.push({ path: `${path}.field`, message: `count_distinct needs one of ${CATEGORICAL.join(", ")}` });
  } else if (f !== "amount") out.push({ path: `${path}.field`, message: `${fn} needs field "amount"` });
  if (!isInt(field(aggregate, "windowDays"), 1, TREE_LIMITS.maxWindowDays))
    out.push({ path: `${path}.windowDays`, message: `Must be an integer 1-${TREE_LIMITS.maxWindowDays}` });
  const offset = field(aggregate, "offsetDays");
  if (offset !== undefined && !isInt(offset, 0, TREE_LIMITS.maxOffsetDays))
    out.push({ path: `${path}.offsetDays`, message: `Must be an integer 0-${TREE_LIMITS.maxOffsetDays}` });
  const filter = field(aggregate, "filter");
  if (filter !== undefined) validateFilter(filter, `${path}.filter`, out);
}

/**
 * A comparison's right-hand side: exactly one of value, threshold, previousPeriod, aggregate
 * (a ratio: another aggregate times `multiple`). `previousPeriod: false` where there is no
 * aggregate on the left (a transaction's amount).
 */
export function validateOperand(operand: unknown, path: string, out: ErrorDetail[], previousPeriod = true) {
  const allowed = previousPeriod
    ? ["value", "threshold", "previousPeriod", "aggregate"]
    : ["value", "threshold", "aggregate"];
  if (!isBag(operand)) {
    out.push({ path, message: `Must be one of {${allowed.join("}, {")}}` });
    return;
  }
  const kinds = ["value", "threshold", "previousPeriod", "aggregate"].filter((k) =>
    Object.hasOwn(operand, k),
  );
  if (kinds.length !== 1 || !allowed.includes(kinds[0]!)) {
    out.push({ path, message: `Must have exactly one of ${allowed.join(", ")}` });
    return;
  }
  if (kinds[0] === "aggregate") {
    unknownKeys(operand, ["aggregate", "multiple"], path, out);
    validateAggregate(field(operand, "aggregate"), `${path}.aggregate`, out);
    const multiple = field(operand, "multiple");
    if (multiple !== undefined && !positiveMultiple(multiple))
      out.push({ path: `${path}.multiple`, message: `Must be a number > 0 and <= ${MAX_MULTIPLE}` });
  } else if (kinds[0] === "value") {
    unknownKeys(operand, ["value"], path, out);
    const v = field(operand, "value");
    if (typeof v !== "number" || !Number.isFinite(v) || Math.abs(v) > 1e15)
      out.push({ path: `${path}.value`, message: "Must be a finite number" });
  } else if (kinds[0] === "threshold") thresholdRef(operand, path, out);
  else {
    unknownKeys(operand, ["previousPeriod"], path, out);
    const p = field(operand, "previousPeriod");
    if (!isBag(p)) out.push({ path: `${path}.previousPeriod`, message: "Must be {multiple}" });
    else {
      unknownKeys(p, ["multiple"], `${path}.previousPeriod`, out);
      if (!positiveMultiple(field(p, "multiple")))
        out.push({
          path: `${path}.previousPeriod.multiple`,
          message: `Must be a number > 0 and <= ${MAX_MULTIPLE}`,
        });
    }
  }
}
