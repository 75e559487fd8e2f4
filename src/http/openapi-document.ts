import type { App } from "./context";

/**
 * The OpenAPI document as served and committed. The generator writes a nullable union
 * (`orNull(X)`) as `anyOf: [X, {nullable: true}]`; in OpenAPI 3.0 `nullable` only counts beside
 * `type`, so that member would match anything. It becomes a schema that matches null alone.
 *
 * It also refuses a document where `.nullable()` was called on a named component: the generator
 * then marks the component itself nullable (every use of it, not the one field) and the field
 * stays a bare `$ref`. Use `orNull(X)` from http/openapi.ts instead.
 */
export const NULL_ONLY = { type: "object", nullable: true, enum: [null] } as const;

type Node = Record<string, unknown>;

export function openApiDocument(app: App, info: Parameters<App["getOpenAPIDocument"]>[0]) {
  const document = app.getOpenAPIDocument(info);
  assertNoNullableComponents(document.components?.schemas ?? {});
  return normalizeNullUnions(document) as typeof document;
}

/**
 * The document as served: its one server is the origin the request came to (a port, a tunnel,
 * the deployed host), so the docs page's "try it" calls the API that served the page. The
 * committed file keeps a fixed server, so `npm run openapi:check` stays deterministic.
 */
export function servedFrom<D extends object>(document: D, requestUrl: string): D & { servers: Server[] } {
  return { ...document, servers: [{ url: new URL(requestUrl).origin, description: "This server" }] };
}

interface Server {
  url: string;
  description: string;
}

export function assertNoNullableComponents(schemas: Record<string, unknown>): void {
  const wrong = Object.entries(schemas)
    .filter(([, schema]) => {
      const node = schema as Node;
      const members = (node.allOf as Node[] | undefined) ?? [];
      return node.nullable === true || members.some((m) => m.nullable === true);
    })
    .map(([name]) => name);
  if (wrong.length)
    throw new Error(`.nullable() was called on named schemas ${wrong.join(", ")}: use orNull(schema)`);
}

const isBareNullable = (node: unknown) =>
  !!node && typeof node === "object" && Object.keys(node).length === 1 && (node as Node).nullable === true;

/** Also: a bare `{nullable: true}` elsewhere (what z.unknown() gives) is any value, `{}`. */
export function normalizeNullUnions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalizeNullUnions);
  if (!node || typeof node !== "object") return node;
  if (isBareNullable(node)) return {};
  const out: Node = {};
  for (const [key, value] of Object.entries(node as Node)) {
    out[key] =
      (key === "anyOf" || key === "oneOf") && Array.isArray(value)
        ? value.map((member) => (isBareNullable(member) ? { ...NULL_ONLY } : normalizeNullUnions(member)))
        : normalizeNullUnions(value);
  }
  return out;
}
