import { describe, expect, it } from "vitest";
import document from "../../openapi.json";

/**
 * OpenAPI 3.0 (4.7.12.2): a path parameter's `required` must be true, and a value in a path is
 * never null. A document that breaks this is refused whole by a standard validator, so every
 * generated client fails on it.
 */
type Parameter = { name: string; in: string; required?: boolean; schema?: { nullable?: boolean } };
const METHODS = ["get", "put", "post", "delete", "patch"];
const pathParameters = Object.entries(
  document.paths as Record<string, Record<string, { parameters?: Parameter[] }>>,
).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .flatMap(([method, op]) =>
      (op.parameters ?? [])
        .filter((p) => p.in === "path")
        .map((p) => ({ at: `${method.toUpperCase()} ${path} {${p.name}}`, parameter: p, path })),
    ),
);

describe("path parameters in openapi.json", () => {
  it("finds them", () => expect(pathParameters.length).toBeGreaterThan(100));

  it("each is required, not nullable, and named in its path", () => {
    const wrong = pathParameters
      .filter(
        ({ parameter, path }) =>
          parameter.required !== true ||
          parameter.schema?.nullable === true ||
          !path.includes(`{${parameter.name}}`),
      )
      .map(({ at }) => at);
    expect(wrong).toEqual([]);
  });
});
