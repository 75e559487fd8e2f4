import { describe, expect, it } from "vitest";
import { INPUT_LIMITS, queryNesting, queryProblem, variablesProblem } from "./input-bounds";

const nested = (depth: number) => `${"{ a ".repeat(depth)}${"} ".repeat(depth)}`;

describe("queryNesting", () => {
  it("counts braces, parentheses and brackets together", () => {
    expect(queryNesting("{ a }")).toBe(1);
    expect(queryNesting(nested(5))).toBe(5);
    expect(queryNesting(`{ a(x: [[{ b: 1 }]]) { c } }`)).toBe(5);
    expect(queryNesting("query { a } { b { c } }")).toBe(2);
  });

  it("skips strings, escaped quotes, block strings and comments", () => {
    expect(queryNesting(`{ a(s: "{{{{ \\" {{{{") }`)).toBe(2);
    expect(queryNesting(`{ a(s: """ {{{{ \\""" {{{{ """) }`)).toBe(2);
    expect(queryNesting("{ a # {{{{{{\n b }")).toBe(1);
    expect(queryNesting('"""{{{ doc """ { a }')).toBe(1);
  });

  it("stops at the first level past the maximum, whatever the length", () => {
    const text = "{".repeat(1_000_000);
    const started = performance.now();
    expect(queryNesting(text, 64)).toBe(65);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("ignores stray closers and unterminated strings (the parser reports those)", () => {
    expect(queryNesting("}}} { a }")).toBe(1);
    expect(queryNesting('{ a(s: "{{{{')).toBe(2);
    expect(queryNesting('{ a(s: """{{{{')).toBe(2);
  });
});

describe("queryProblem", () => {
  it("accepts the deepest nesting allowed and refuses one more", () => {
    expect(queryProblem(nested(INPUT_LIMITS.maxNesting))).toBeUndefined();
    expect(queryProblem(nested(INPUT_LIMITS.maxNesting + 1))).toEqual({
      kind: "query_nesting",
      max: INPUT_LIMITS.maxNesting,
    });
    expect(queryProblem(nested(8_000))?.kind).toBe("query_nesting");
  });

  it("refuses a query over the length limit before scanning it", () => {
    const long = " ".repeat(INPUT_LIMITS.maxQueryLength + 1);
    expect(queryProblem(long)).toMatchObject({ kind: "query_length", length: long.length });
  });
});

describe("variablesProblem", () => {
  const deep = (depth: number) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
    return value;
  };

  it("accepts ordinary variables and the deepest allowed", () => {
    expect(variablesProblem(null)).toBeUndefined();
    expect(variablesProblem({ limit: 10, ids: ["a", "b"], weights: { income: 0.5 } })).toBeUndefined();
    expect(variablesProblem(deep(INPUT_LIMITS.maxVariableDepth))).toBeUndefined();
  });

  it("refuses deeper or larger variables without recursing", () => {
    expect(variablesProblem(deep(INPUT_LIMITS.maxVariableDepth + 1))?.kind).toBe("variables_depth");
    expect(variablesProblem({ v: deep(100_000) })?.kind).toBe("variables_depth");
    const many = { ids: Array.from({ length: INPUT_LIMITS.maxVariableValues }, (_, i) => i) };
    expect(variablesProblem(many)?.kind).toBe("variables_size");
    many.ids.pop();
    expect(variablesProblem(many)).toBeUndefined();
  });
});
