import fc from "fast-check";
import { type OpenApiDocument, type Schema, valueFor } from "./arbitraries";

/** One operation of the document, as the fuzzer needs it. */
export interface Operation {
  method: string;
  template: string;
  admin: boolean;
  pathParams: Array<{ name: string; schema: Schema }>;
  /**
   * Path parameters that name no tenant-owned object, so another tenant's value is not
   * "foreign": a shared catalogue (x-shared-catalog) or a per-tenant ordinal (x-tenant-ordinal).
   */
  notTenantObjects: string[];
  queryParams: Array<{ name: string; schema: Schema; required: boolean }>;
  body?: { schema: Schema; required: boolean };
  declares(status: number): boolean;
  /** Whether the declared error response for `status` is the error envelope (docs/contract.md#envelope). */
  errorEnvelope(status: number): boolean;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = (op.parameters ?? []) as Array<{
        name: string;
        in: string;
        schema: Schema;
        required?: boolean;
        "x-shared-catalog"?: boolean;
        "x-tenant-ordinal"?: boolean;
      }>;
      const requestBody = op.requestBody as
        | { required?: boolean; content?: Record<string, { schema: Schema }> }
        | undefined;
      const json = requestBody?.content?.["application/json"];
      const responses = op.responses as Record<string, { content?: Record<string, { schema: Schema }> }>;
      return {
        method: method.toUpperCase(),
        template,
        admin: JSON.stringify(op.security ?? []).includes("AdminAuth"),
        pathParams: params.filter((p) => p.in === "path").map((p) => ({ name: p.name, schema: p.schema })),
        notTenantObjects: params
          .filter((p) => p.in === "path" && (p["x-shared-catalog"] || p["x-tenant-ordinal"]))
          .map((p) => p.name),
        queryParams: params
          .filter((p) => p.in === "query")
          .map((p) => ({ name: p.name, schema: p.schema, required: p.required === true })),
        body: json ? { schema: json.schema, required: requestBody?.required === true } : undefined,
        declares: (status: number) => String(status) in responses,
        errorEnvelope: (status: number) => {
          const schema = responses[String(status)]?.content?.["application/json"]?.schema;
          return !schema || schema.$ref === "#/components/schemas/Error";
        },
      };
    }),
  );
}

/** A request before encoding: values, so mutations can work on them. */
export interface Parts {
  pathParams: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/** Real ids by path parameter name: the sender's own objects and another tenant's. */
export interface IdPools {
  own: Record<string, string[]>;
  foreign: Record<string, string[]>;
}

export function validParts(doc: OpenApiDocument, op: Operation, ids: IdPools): fc.Arbitrary<Parts> {
  const path = fc.record(
    Object.fromEntries(
      op.pathParams.map((p) => {
        const own = ids.own[p.name] ?? [];
        const generated = valueFor(doc, p.schema).map(String);
        // Mostly a real object of the sender, so the request reaches the handler.
        return [
          p.name,
          own.length ? fc.oneof({ arbitrary: fc.constantFrom(...own), weight: 4 }, generated) : generated,
        ];
      }),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const query = fc.record(Object.fromEntries(op.queryParams.map((p) => [p.name, valueFor(doc, p.schema)])), {
    requiredKeys: op.queryParams.filter((p) => p.required).map((p) => p.name),
  });
  const body = op.body ? valueFor(doc, op.body.schema) : fc.constant(undefined);
  return fc
    .tuple(fc.record({ pathParams: path, query, body }), fc.nat())
    .map(([parts, pick]) => ({ ...parts, body: withRealIds(parts.body, ids.own, pick) }));
}

/** Top-level body ids (customerId, customerIds, ...) mostly name real objects of the sender. */
function withRealIds(body: unknown, own: Record<string, string[]>, pick: number): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body) || pick % 4 === 0) return body;
  const out = { ...(body as Record<string, unknown>) };
  for (const [key, value] of Object.entries(out)) {
    const pool = own[key] ?? own[key.replace(/s$/, "")];
    if (!pool?.length) continue;
    out[key] = Array.isArray(value)
      ? value.map((_, i) => pool[(pick + i) % pool.length])
      : pool[pick % pool.length];
  }
  return out;
}

/** What goes on the wire. `toString` (used by fast-check's reports) is a curl line for `npm start`. */
export class FuzzRequest {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: Record<string, string>,
    readonly body: string | undefined,
    readonly label: string,
  ) {}

  toString(): string {
    return curlLine(this);
  }

  [fc.toStringMethod](): string {
    return `${this.label}\n${curlLine(this)}`;
  }
}

/** Like encodeURIComponent, but a lone surrogate becomes its (invalid) 3-byte form instead of throwing. */
export function encodeLoose(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join("")
        : encodeURIComponent(ch);
  }
  return out;
}

export function render(
  op: Operation,
  parts: Parts,
  label: string,
  contentType?: string | null,
  rawBody?: string,
) {
  const path = op.template.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    encodeLoose(parts.pathParams[name] ?? ""),
  );
  const query = Object.entries(parts.query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeLoose(name)}=${encodeLoose(String(value))}`)
    .join("&");
  const body = rawBody ?? (parts.body === undefined ? undefined : JSON.stringify(parts.body));
  const headers: Record<string, string> = {};
  const type = contentType === undefined ? "application/json" : contentType;
  if (body !== undefined && type !== null) headers["content-type"] = type;
  return new FuzzRequest(op.method, query ? `${path}?${query}` : path, headers, body, label);
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A JS expression for `text` with long runs written as `.repeat(n)`, so 100 KB bodies fit a line. */
export function compactExpression(text: string): string {
  const pieces: string[] = [];
  let literal = "";
  let i = 0;
  while (i < text.length) {
    let best: { unit: string; count: number } | undefined;
    for (let size = 1; size <= 8 && !best; size++) {
      const unit = text.slice(i, i + size);
      let count = 1;
      while (text.startsWith(unit, i + count * size)) count++;
      if (count * size >= 64) best = { unit, count };
    }
    if (best) {
      if (literal) pieces.push(JSON.stringify(literal));
      literal = "";
      pieces.push(`${JSON.stringify(best.unit)}.repeat(${best.count})`);
      i += best.unit.length * best.count;
    } else literal += text[i++];
  }
  if (literal || !pieces.length) pieces.push(JSON.stringify(literal));
  return pieces.join("+");
}

function curlLine(req: FuzzRequest): string {
  const parts = [`curl -sS -X ${req.method}`, shellQuote(`http://localhost:8787${req.url}`)];
  parts.push(`-H "Authorization: Bearer $${req.url.startsWith("/admin") ? "ADMIN_TOKEN" : "KEY"}"`);
  for (const [name, value] of Object.entries(req.headers))
    parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (req.body !== undefined) {
    const plain = req.body.length <= 2_000 && /^[\x20-\x7e]*$/.test(req.body);
    parts.push(
      plain
        ? `--data-binary ${shellQuote(req.body)}`
        : `--data-binary "$(node -e ${shellQuote(`process.stdout.write(${compactExpression(req.body)})`)})"`,
    );
  }
  return parts.join(" ");
}
