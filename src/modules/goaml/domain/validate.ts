/**
 * Runtime validation of a goAML report tree against the subset of the XSD we emit
 * (xsd-subset.ts). Greedy matching is enough: XSD content models obey Unique Particle
 * Attribution, so the next element always decides which particle it belongs to.
 * Messages carry the element path (`report/transaction[2]/amount_local: ...`).
 */
import { childPaths, firstForbiddenChar, formatCodePoint, type XmlElement } from "./xml";
import { XSD_ENUMS, type XsdEnumName } from "./xsd-enums";
import { type Particle, REPORT_SPEC, type ValueSpec } from "./xsd-subset";

export interface ValidationIssue {
  path: string;
  message: string;
}

/** Code lists that replace the reference schema's enumerations (an FIU's own lists). */
export type CodeListOverrides = Partial<Record<XsdEnumName, readonly string[]>>;

export function validateReport(root: XmlElement, overrides: CodeListOverrides = {}): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const lists = (name: XsdEnumName): readonly string[] => overrides[name] ?? XSD_ENUMS[name];
  const spec = REPORT_SPEC as Extract<Particle, { p: "el" }>;
  if (root.name !== spec.name) {
    issues.push({ path: root.name, message: `root element must be ${spec.name}` });
    return issues;
  }
  checkElement(spec, root, spec.name, { issues, lists });
  return issues;
}

interface Ctx {
  issues: ValidationIssue[];
  lists: (name: XsdEnumName) => readonly string[];
}

function checkElement(spec: Extract<Particle, { p: "el" }>, node: XmlElement, path: string, ctx: Ctx) {
  const kids = node.children ?? [];
  if (spec.value) {
    if (kids.length > 0) ctx.issues.push({ path, message: "must hold text, not elements" });
    else checkValue(spec.value, node.text ?? "", path, ctx);
    return;
  }
  if (node.text !== undefined && node.text !== "") {
    ctx.issues.push({ path, message: "must hold elements, not text" });
  }
  const paths = childPaths(path, kids);
  // An element's own sequence is always entered, so a missing first child is reported as
  // missing and the rest is still checked.
  const content = spec.content;
  const end = !content
    ? 0
    : content.p === "seq" && content.max === 1
      ? matchOnce(content, kids, paths, 0, path, ctx)
      : matchItem(content, kids, paths, 0, path, ctx);
  if (end < kids.length) {
    ctx.issues.push({ path: paths[end] ?? path, message: "element not expected here" });
  }
}

function first(p: Particle): string[] {
  if (p.p === "el") return [p.name];
  if (p.p === "choice") return p.items.flatMap(first);
  const names: string[] = [];
  for (const item of p.items) {
    names.push(...first(item));
    if (!nullable(item)) break;
  }
  return names;
}

function nullable(p: Particle): boolean {
  if (p.min === 0) return true;
  if (p.p === "el") return false;
  return p.p === "seq" ? p.items.every(nullable) : p.items.some(nullable);
}

/** Matches `p` min..max times from `pos`; returns the position after it. */
function matchItem(
  p: Particle,
  kids: readonly XmlElement[],
  paths: string[],
  pos: number,
  parent: string,
  ctx: Ctx,
): number {
  let count = 0;
  let at = pos;
  while (count < p.max && at < kids.length && first(p).includes(kids[at]?.name ?? "")) {
    const next = matchOnce(p, kids, paths, at, parent, ctx);
    count += 1;
    if (next === at) break;
    at = next;
  }
  if (count < p.min && !(count === 0 && p.p !== "el" && nullable({ ...p, min: 1 }))) {
    const found = kids[at] ? `found ${kids[at]?.name}` : "found the end";
    ctx.issues.push({
      path: parent,
      message: `missing ${first(p).join(" or ")} (${found})`,
    });
  }
  return at;
}

function matchOnce(
  p: Particle,
  kids: readonly XmlElement[],
  paths: string[],
  pos: number,
  parent: string,
  ctx: Ctx,
): number {
  if (p.p === "el") {
    const kid = kids[pos];
    if (kid) checkElement(p, kid, paths[pos] ?? parent, ctx);
    return pos + 1;
  }
  if (p.p === "seq") {
    let at = pos;
    for (const item of p.items) at = matchItem(item, kids, paths, at, parent, ctx);
    return at;
  }
  const name = kids[pos]?.name ?? "";
  const item = p.items.find((i) => first(i).includes(name));
  return item ? matchItem(item, kids, paths, pos, parent, ctx) : pos;
}

const INT32_MAX = 2_147_483_647;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function checkValue(spec: ValueSpec, value: string, path: string, ctx: Ctx): void {
  const message = valueProblem(spec, value, ctx);
  if (message !== null) ctx.issues.push({ path, message });
}

function valueProblem(spec: ValueSpec, value: string, ctx: Ctx): string | null {
  const bad = firstForbiddenChar(value);
  if (bad !== null) return `contains a character XML 1.0 forbids (${formatCodePoint(bad)})`;
  switch (spec.kind) {
    case "string": {
      const length = [...value].length;
      if (spec.minLength !== undefined && length < spec.minLength)
        return `is shorter than ${spec.minLength} characters`;
      if (spec.maxLength !== undefined && length > spec.maxLength)
        return `is longer than ${spec.maxLength} characters (${length})`;
      if (spec.pattern !== undefined && !fullMatch(spec.pattern, value))
        return `does not match the pattern ${spec.pattern}`;
      if (spec.enumOf !== undefined && !ctx.lists(spec.enumOf).includes(value))
        return `${JSON.stringify(value)} is not a code of ${spec.enumOf}`;
      return null;
    }
    case "int": {
      const n = /^[+-]?\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
      const ok = Number.isInteger(n) && n <= INT32_MAX && n >= spec.minInclusive;
      return ok ? null : `must be an integer from ${spec.minInclusive} to ${INT32_MAX}`;
    }
    case "boolean":
      return ["true", "false", "1", "0"].includes(value) ? null : "must be true, false, 1 or 0";
    case "sql_date":
      return isSqlDate(value) ? null : "must be a date-time YYYY-MM-DDThh:mm:ss from 1753-01-01";
    case "sql_decimal":
      return isSqlDecimal(value)
        ? null
        : "must be a decimal within ±7,900,000,000,000,000, 13 fraction digits at most";
  }
}

function fullMatch(pattern: string, value: string): boolean {
  return new RegExp(`^(?:${pattern})$`, "u").test(value);
}

function isSqlDate(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return y >= 1753 && mo >= 1 && mo <= 12 && d >= 1 && d <= days && h <= 23 && mi <= 59 && s <= 59;
}

function isSqlDecimal(value: string): boolean {
  if (!DECIMAL.test(value)) return false;
  const [whole = "", fraction = ""] = value.replace(/^[+-]/, "").split(".");
  if (fraction.length > 13) return false;
  const digits = whole.replace(/^0+/, "");
  // 7,900,000,000,000,000 has 16 digits: compare as strings of equal length.
  if (digits.length !== 16) return digits.length < 16;
  return digits < "7900000000000000" || (digits === "7900000000000000" && /^0*$/.test(fraction));
}
