import type { App } from "./context";
import { CONVENTIONS_MARKDOWN } from "./conventions-doc";

// Loaded by import() on the first GET /v1/openapi.json (src/app.ts) and by scripts/openapi.mjs:
// nothing here, nor what it imports, is evaluated by an isolate that never serves the document
// (docs/architecture.md#what-loads-lazily).

export const OPENAPI_INFO = {
  openapi: "3.0.0",
  info: {
    title: "Credit Operations and Business Health API",
    version: "1.0.0",
    license: { name: "Proprietary" },
    description:
      "Multi-tenant API for credit operations and business-health monitoring. The tenant comes from the API key. " +
      "Fraud, SME health, agent health and KYC/AML outputs are advisory only.\n" +
      CONVENTIONS_MARKDOWN,
  },
  // The committed openapi.json keeps `npm start`'s address; GET /v1/openapi.json (and so the docs
  // page) names the origin it was fetched from instead (servedFrom).
  servers: [{ url: "http://localhost:8787", description: "Local development (npm start)" }],
};

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

export async function openApiDocument(
  app: App,
  info: Parameters<App["getOpenAPIDocument"]>[0] = OPENAPI_INFO,
) {
  await loadDocumentParts(app);
  const document = app.getOpenAPIDocument(info);
  assertNoNullableComponents(document.components?.schemas ?? {});
  return normalizeNullUnions(document) as typeof document;
}

/**
 * Puts in place what the routes gave as loaders (`forDocument`, src/http/openapi.ts): response
 * schemas (each module's responses.ts is evaluated here, on the first build) and `x-` values.
 */
async function loadDocumentParts(app: App): Promise<void> {
  const loads: Promise<void>[] = [];
  const load = (holder: Record<string, unknown>, key: string) => {
    const loader = holder[key];
    if (typeof loader === "function")
      loads.push(
        (loader as () => Promise<unknown>)().then((loaded) => {
          holder[key] = loaded;
        }),
      );
  };
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== "route") continue;
    const route = definition.route as typeof definition.route & Record<string, unknown>;
    for (const key of Object.keys(route)) if (key.startsWith("x-")) load(route, key);
    for (const response of Object.values(route.responses)) {
      const content = ("content" in response ? response.content : undefined) as MediaTypes | undefined;
      for (const media of Object.values(content ?? {})) load(media, "schema");
    }
  }
  await Promise.all(loads);
}

type MediaTypes = Record<string, Record<string, unknown>>;

/** The served text split around its servers, once per app (isolate): a string, not an object graph. */
const servedText = new WeakMap<App, Promise<{ before: string; after: string }>>();
const SERVERS_MARK = "\u0000servers\u0000";

async function splitAroundServers(app: App) {
  const document = await openApiDocument(app);
  const [before, after] = JSON.stringify({ ...document, servers: SERVERS_MARK }).split(
    JSON.stringify(SERVERS_MARK),
  );
  return { before, after };
}

/** GET /v1/openapi.json's body: the document as JSON with the request's origin as its server. */
export async function servedDocumentJson(app: App, requestUrl: string): Promise<string> {
  let text = servedText.get(app);
  if (!text) {
    text = splitAroundServers(app);
    servedText.set(app, text);
    // A failed build is not kept: the next request builds again.
    text.catch(() => servedText.delete(app));
  }
  const { before, after } = await text;
  return before + JSON.stringify(servedFrom({}, requestUrl).servers) + after;
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
