import { describe, expect, it } from "vitest";
import document from "../../openapi.json";

/**
 * Every number a client can send (query, path, header parameters and JSON request bodies)
 * has a documented finite range in the committed openapi.json: a generated client or a
 * validating proxy knows the limits the code enforces (docs/decisions/input-constraints.md).
 */
type Node = Record<string, unknown>;
const doc = document as unknown as {
  paths: Record<string, Record<string, Node>>;
  components: { schemas: Record<string, Node> };
};

function numericInputs(node: unknown, where: string, seen: Set<string>, out: Array<[string, Node]>) {
  if (!node || typeof node !== "object") return;
  const n = node as Node;
  if (typeof n.$ref === "string") {
    const name = n.$ref.split("/").pop()!;
    if (seen.has(name)) return;
    seen.add(name);
    return numericInputs(doc.components.schemas[name], `${where}<${name}>`, seen, out);
  }
  if (n.type === "number" || n.type === "integer") out.push([where, n]);
  for (const [key, value] of Object.entries(n)) {
    if (key === "properties" && value && typeof value === "object")
      for (const [prop, schema] of Object.entries(value as Node))
        numericInputs(schema, `${where}.${prop}`, seen, out);
    else if (["items", "additionalProperties", "not"].includes(key))
      numericInputs(value, `${where}[]`, seen, out);
    else if (["anyOf", "oneOf", "allOf"].includes(key) && Array.isArray(value))
      for (const member of value) numericInputs(member, where, seen, out);
  }
}

function allNumericInputs(): Array<[string, Node]> {
  const out: Array<[string, Node]> = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const p of (op.parameters as Node[] | undefined) ?? [])
        numericInputs(p.schema, `${at} ${p.in}:${p.name}`, new Set(), out);
      const body = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)
        ?.content;
      for (const media of Object.values(body ?? {}))
        numericInputs(media.schema, `${at} body`, new Set(), out);
    }
  return out;
}

describe("numeric inputs in openapi.json", () => {
  const inputs = allNumericInputs();

  it("finds the numeric inputs (the walk reaches bodies, components and parameters)", () => {
    const names = inputs.map(([where]) => where);
    expect(names).toContain(
      "POST /v1/agent-health/calculate body<AgentHealthCalculateRequest>.transactionVolume30d",
    );
    expect(names.some((w) => w.endsWith("query:offset"))).toBe(true);
    expect(names.some((w) => w.includes("<BHIWeights>.liquidity"))).toBe(true);
  });

  it("every one has a finite minimum and maximum", () => {
    const unbounded = inputs
      .filter(([, s]) => !Number.isFinite(s.maximum) || !Number.isFinite(s.minimum))
      .map(([where]) => where);
    expect(unbounded).toEqual([]);
  });

  it("money figures of agent health are capped at 1e12 and counts at 1e9", () => {
    const schema = doc.components.schemas.AgentHealthCalculateRequest as { properties: Record<string, Node> };
    expect(schema.properties.transactionVolume30d).toMatchObject({ minimum: 0, maximum: 1e12 });
    expect(schema.properties.floatLimit).toMatchObject({ minimum: 0, maximum: 1e12 });
    expect(schema.properties.transactionCount30d).toMatchObject({
      type: "integer",
      minimum: 0,
      maximum: 1e9,
    });
  });

  it("states BHI weights >= 0, AML threshold ranges and the tenant country list", () => {
    const weights = doc.components.schemas.BHIWeights as { properties: Record<string, Node> };
    for (const w of Object.values(weights.properties)) expect(w).toMatchObject({ minimum: 0, maximum: 1000 });
    const put = doc.paths["/v1/kyc-aml/thresholds"].put as {
      requestBody: { content: { "application/json": { schema: { properties: { thresholds: Node } } } } };
    };
    const thresholds = put.requestBody.content["application/json"].schema.properties.thresholds as {
      properties: Record<string, Node>;
      additionalProperties: unknown;
    };
    expect(thresholds.additionalProperties).toBe(false);
    expect(thresholds.properties.rapidMovementDays).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 30,
    });
    expect(thresholds.properties.dormancyDays).toMatchObject({ type: "integer", minimum: 30, maximum: 1095 });
    const settings = doc.components.schemas.TenantSettings as { properties: { country: { enum: string[] } } };
    expect(settings.properties.country.enum).toContain("CI");
    expect(settings.properties.country.enum).not.toContain("XO");
  });
});
