import { describe, expect, it } from "vitest";
import { assertNoNullableComponents, NULL_ONLY, normalizeNullUnions, servedFrom } from "./openapi-document";

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

describe("OpenAPI document as served", () => {
  it("names the origin the request came to as its one server, leaving the document itself alone", () => {
    const document = { openapi: "3.0.0", servers: [{ url: "http://localhost:8787" }], paths: {} };
    const served = servedFrom(document, "http://127.0.0.1:9999/v1/openapi.json?x=1");
    expect(served.servers).toEqual([{ url: "http://127.0.0.1:9999", description: "This server" }]);
    expect(Object.keys(served)).toEqual(["openapi", "servers", "paths"]);
    expect(document.servers).toEqual([{ url: "http://localhost:8787" }]);
    expect(servedFrom(document, "https://api.example.test/v1/openapi.json").servers[0].url).toBe(
      "https://api.example.test",
    );
  });
});
