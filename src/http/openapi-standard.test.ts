import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import document from "../../openapi.json";

/**
 * openapi.json against the official OpenAPI 3.0 schema, with a standard validator (the one
 * generated clients and gateways use): a document it refuses is refused whole by them.
 */
const copy = () => structuredClone(document) as unknown as Parameters<typeof SwaggerParser.validate>[0];

describe("openapi.json under a standard OpenAPI 3.0 validator", () => {
  it("is valid", async () => {
    await expect(SwaggerParser.validate(copy())).resolves.toBeTruthy();
  });

  it("refuses what the document once declared: a path parameter not required and nullable", async () => {
    const broken = copy() as unknown as {
      paths: Record<string, Record<string, { parameters: Array<{ required?: boolean; schema?: object }> }>>;
    };
    const parameter = broken.paths["/admin/shards/{shard}"].patch.parameters[0];
    parameter.required = false;
    parameter.schema = { ...parameter.schema, nullable: true };
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow(/required/);
  });
});
