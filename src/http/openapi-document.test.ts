import { describe, expect, it } from "vitest";
import { assertNoNullableComponents, NULL_ONLY, normalizeNullUnions } from "./openapi-document";

describe("OpenAPI document nullability", () => {
  it("turns the null member of a union into a schema that matches null alone", () => {
    const field = { anyOf: [{ $ref: "#/components/schemas/Case" }, { nullable: true }] };
    expect(normalizeNullUnions(field)).toEqual({ anyOf: [{ $ref: "#/components/schemas/Case" }, NULL_ONLY] });
  });

  it("reads a bare nullable (an unknown value) as any value, and leaves typed nullables alone", () => {
    const node = {
      type: "object",
      properties: { extra: { type: "object", additionalProperties: { nullable: true } } },
      nullable: true,
    };
    expect(normalizeNullUnions(node)).toEqual({
      type: "object",
      properties: { extra: { type: "object", additionalProperties: {} } },
      nullable: true,
    });
  });

  it("refuses components made nullable by .nullable() on a named schema", () => {
    expect(() => assertNoNullableComponents({ Case: { type: "object", nullable: true } })).toThrow(/Case/);
    expect(() =>
      assertNoNullableComponents({ Ext: { allOf: [{ $ref: "#/x" }, { type: "object", nullable: true }] } }),
    ).toThrow(/Ext/);
    expect(() => assertNoNullableComponents({ Case: { type: "object" } })).not.toThrow();
  });
});
