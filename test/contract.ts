import { type Schema, Validator } from "@cfworker/json-schema";
import document from "../openapi.json";

/**
 * Every response a workerd test receives is checked against the committed openapi.json: the
 * status must be one the operation declares, and a JSON body must match that response's
 * schema. A mismatch throws inside `call`, so the test that made the request fails.
 *
 * OpenAPI 3.0 is not JSON Schema: `nullable: true` only has effect beside `type` (3.0.3,
 * "nullable"), so it is translated exactly that way, and nowhere else. A `nullable` that a
 * generator put on an `allOf` member therefore does not let null through, as a generated
 * client would not either.
 */

type Json = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema?: Json }> }> };

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  literalChars: number;
  operation: Operation;
}

function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === "nullable" || key === "example" || key === "discriminator") continue;
    out[key] = key === "properties" ? mapValues(value as Json) : toJsonSchema(value);
  }
  const source = node as Json;
  if (source.nullable === true && typeof source.type === "string") {
    out.type = [source.type, "null"];
    if (Array.isArray(source.enum) && !source.enum.includes(null)) out.enum = [...source.enum, null];
  }
  return out;
}

const mapValues = (properties: Json): Json =>
  Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, toJsonSchema(v)]));

const doc = document as unknown as { paths: Record<string, Record<string, Operation>>; components: Json };
const components = toJsonSchema(doc.components) as Json;

const routes: Route[] = Object.entries(doc.paths)
  .flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
      literalChars: template.replace(/\{[^}]+\}/g, "").length,
      operation,
    })),
  )
  // The most literal template wins: /v1/bhi/summary before /v1/bhi/{customerId}.
  .sort((a, b) => b.literalChars - a.literalChars);

const validators = new Map<string, Validator>();

function validatorFor(key: string, schema: Json): Validator {
  let validator = validators.get(key);
  if (!validator) {
    validator = new Validator({ ...(toJsonSchema(schema) as Json), components } as Schema, "4", false);
    validators.set(key, validator);
  }
  return validator;
}

export function findOperation(method: string, path: string): Route | undefined {
  const pathname = new URL(path, "http://localhost").pathname;
  return routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(pathname));
}

/** Throws a readable error when `res` contradicts the document; leaves `res` unread. */
export async function assertMatchesContract(method: string, path: string, res: Response): Promise<void> {
  const route = findOperation(method, path);
  if (!route) return; // routes outside the document: /health, the docs page, unknown paths
  const where = `${method} ${path} -> ${res.status} (${route.template})`;
  const declared = route.operation.responses[String(res.status)] ?? route.operation.responses.default;
  if (!declared) {
    const body = await res.clone().text();
    throw new Error(
      `Contract: ${where}: status not declared (declares ${Object.keys(route.operation.responses).join(", ")}). Body: ${body.slice(0, 500)}`,
    );
  }
  const contentType = (res.headers.get("content-type") ?? "").split(";")[0].trim();
  if (contentType !== "application/json") return;
  const schema = declared.content?.["application/json"]?.schema;
  if (!schema) {
    if (declared.content && !declared.content["application/json"])
      throw new Error(
        `Contract: ${where}: JSON body, but the response declares ${Object.keys(declared.content)}`,
      );
    return;
  }
  const text = await res.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`Contract: ${where}: body is not JSON: ${text.slice(0, 200)}`);
  }
  const result = validatorFor(`${route.method} ${route.template} ${res.status}`, schema).validate(body);
  if (!result.valid) {
    const errors = result.errors
      .filter((e) => e.keyword !== "properties" && e.keyword !== "items" && e.keyword !== "allOf")
      .slice(0, 8)
      .map((e) => `  ${e.instanceLocation}: ${e.error}`)
      .join("\n");
    throw new Error(
      `Contract: ${where}: body does not match the schema\n${errors}\nBody: ${text.slice(0, 800)}`,
    );
  }
}
