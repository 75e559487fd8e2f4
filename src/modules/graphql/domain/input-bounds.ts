/**
 * Bounds on a GraphQL request checked before graphql-js sees it. graphql-js parses recursively:
 * a selection set thousands of levels deep overflows the stack before its token limit applies
 * (an 8,000-deep query answered 500). These checks are linear and never recurse.
 */
export const INPUT_LIMITS = {
  /** `query` length in characters (also the request schema's maxLength). */
  maxQueryLength: 100_000,
  /**
   * Open `{`, `(` and `[` at once. The field depth limit is 6 and the standard introspection
   * query nests about 12 levels (its `ofType` chain); 64 leaves room for fragments and
   * nested input values while staying far below any stack limit.
   */
  maxNesting: 64,
  /** Arrays and objects nested in `variables`. */
  maxVariableDepth: 32,
  /** Values (array items and object members, at every level) in `variables`. */
  maxVariableValues: 10_000,
} as const;

export type InputProblem =
  | { kind: "query_length"; length: number; max: number }
  | { kind: "query_nesting"; max: number }
  | { kind: "variables_depth"; max: number }
  | { kind: "variables_size"; max: number };

const OPENERS = new Set(["{", "(", "["]);
const CLOSERS = new Set(["}", ")", "]"]);

/**
 * The deepest nesting of `{ ( [` in a GraphQL document, skipping strings, block strings and
 * comments (whose braces are text). Stops as soon as `max` is exceeded. Unbalanced or
 * malformed text is left to the parser: this only has to bound what the parser will recurse on.
 */
export function queryNesting(text: string, max: number = INPUT_LIMITS.maxNesting): number {
  let depth = 0;
  let deepest = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "#") {
      // A comment runs to the end of the line.
      while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    } else if (ch === '"' && text.startsWith('"""', i)) {
      // Block string: ends at the next unescaped """ (\""" is an escaped triple quote).
      i += 3;
      while (i < text.length && !text.startsWith('"""', i)) i += text.startsWith('\\"""', i) ? 4 : 1;
      i += 3;
    } else if (ch === '"') {
      // String: ends at an unescaped quote or the end of the line (a syntax error for the parser).
      i++;
      while (i < text.length && text[i] !== '"' && text[i] !== "\n" && text[i] !== "\r") {
        i += text[i] === "\\" ? 2 : 1;
      }
      i++;
    } else {
      if (OPENERS.has(ch)) {
        depth++;
        if (depth > deepest) deepest = depth;
        if (deepest > max) return deepest;
      } else if (CLOSERS.has(ch) && depth > 0) depth--;
      i++;
    }
  }
  return deepest;
}

/** The first bound the query text breaks, if any (length first: the scan is then skipped). */
export function queryProblem(text: string, limits = INPUT_LIMITS): InputProblem | undefined {
  if (text.length > limits.maxQueryLength)
    return { kind: "query_length", length: text.length, max: limits.maxQueryLength };
  const nesting = queryNesting(text, limits.maxNesting);
  if (nesting > limits.maxNesting) return { kind: "query_nesting", max: limits.maxNesting };
  return undefined;
}

/**
 * Whether a JSON value (variables) nests deeper or holds more values than allowed. Walks with an
 * explicit stack, so a deep value cannot overflow this check itself.
 */
export function variablesProblem(value: unknown, limits = INPUT_LIMITS): InputProblem | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  let values = 0;
  while (stack.length) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth + 1 > limits.maxVariableDepth) return { kind: "variables_depth", max: limits.maxVariableDepth };
    const children = Array.isArray(current) ? current : Object.values(current);
    values += children.length;
    if (values > limits.maxVariableValues) return { kind: "variables_size", max: limits.maxVariableValues };
    for (const child of children) stack.push({ value: child, depth: depth + 1 });
  }
  return undefined;
}

/** The message a client sees for a problem. */
export function describeProblem(problem: InputProblem): string {
  switch (problem.kind) {
    case "query_length":
      return `Query is ${problem.length} characters long; the maximum is ${problem.max}`;
    case "query_nesting":
      return `Query nests more than ${problem.max} levels of braces, parentheses or brackets`;
    case "variables_depth":
      return `Variables nest more than ${problem.max} levels of objects or arrays`;
    case "variables_size":
      return `Variables hold more than ${problem.max} values`;
  }
}
