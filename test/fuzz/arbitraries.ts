import fc from "fast-check";

/**
 * fast-check arbitraries derived from the OpenAPI 3.0 document: a value that the document says
 * is acceptable for a schema ($ref resolved, enum, min/max, lengths, pattern, format, nullable,
 * required). Plain TypeScript with no Node API, so it runs inside workerd.
 */

export type Schema = Record<string, unknown>;
export interface OpenApiDocument {
  paths: Record<string, Record<string, Schema>>;
  components: { schemas?: Record<string, Schema> };
}

/** Beyond this nesting a generated value stops growing (valid-shaped values stay small). */
const MAX_DEPTH = 6;
/** Generated strings and arrays stay short unless the schema's minimum asks for more. */
const SPAN = 24;
const ITEMS = 4;

export function resolve(doc: OpenApiDocument, schema: Schema | undefined): Schema {
  let node = schema ?? {};
  for (let hops = 0; typeof node.$ref === "string" && hops < 20; hops++) {
    const name = node.$ref.replace("#/components/schemas/", "");
    node = doc.components.schemas?.[name] ?? {};
  }
  return node;
}

/** allOf members merged into one schema (properties, required and the rest). */
function flatten(doc: OpenApiDocument, schema: Schema | undefined): Schema {
  const node = resolve(doc, schema);
  if (!Array.isArray(node.allOf)) return node;
  const merged: Schema = { ...node, allOf: undefined };
  for (const member of node.allOf as Schema[]) {
    const part = flatten(doc, member);
    merged.properties = { ...(merged.properties as Schema), ...(part.properties as Schema) };
    merged.required = [...((merged.required as string[]) ?? []), ...((part.required as string[]) ?? [])];
    for (const [key, value] of Object.entries(part))
      if (!(key in merged) || merged[key] === undefined) merged[key] = value;
  }
  return merged;
}

/** The schema's type, also when it only shows through properties/items. */
export function typeOf(doc: OpenApiDocument, schema: Schema | undefined): string | undefined {
  const node = flatten(doc, schema);
  if (typeof node.type === "string") return node.type;
  if (node.properties) return "object";
  if (node.items) return "array";
  return undefined;
}

export function objectProperties(doc: OpenApiDocument, schema: Schema | undefined) {
  const node = flatten(doc, schema);
  return {
    properties: (node.properties ?? {}) as Record<string, Schema>,
    required: (node.required ?? []) as string[],
  };
}

export const isoDate = fc
  .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2027-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString());

const word = fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/);

function stringFor(node: Schema): fc.Arbitrary<string> {
  const minLength = (node.minLength as number | undefined) ?? 0;
  const maxLength = (node.maxLength as number | undefined) ?? minLength + SPAN;
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
  switch (node.format) {
    case "uuid":
      return fc.uuid({ version: 4 });
    case "date-time":
      return isoDate;
    case "date":
      return isoDate.map((s) => s.slice(0, 10));
    case "email":
      return word.map((w) => `${w}@example.com`);
    case "uri":
      // A port that refuses at once: a valid URL that a delivery attempt cannot hang on.
      return word.map((w) => `http://127.0.0.1:9/${w}`);
  }
  if (typeof node.pattern === "string") {
    try {
      return fc.stringMatching(new RegExp(node.pattern)).filter(fits);
    } catch {
      // A pattern fast-check cannot read: fall through to plain text of the right length.
    }
  }
  return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + SPAN) });
}

function numberFor(node: Schema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = node.exclusiveMinimum === true;
  const exclusiveMax = node.exclusiveMaximum === true;
  const min = node.minimum as number | undefined;
  const max = node.maximum as number | undefined;
  if (integer) {
    const lo = min === undefined ? -1_000_000 : Math.ceil(min) + (exclusiveMin ? 1 : 0);
    const hi = max === undefined ? Math.max(lo, 0) + 1_000_000 : Math.floor(max) - (exclusiveMax ? 1 : 0);
    return fc.oneof(fc.constantFrom(lo, hi), fc.integer({ min: lo, max: Math.max(lo, hi) }));
  }
  // No maximum in the document: the whole double range is acceptable, 1e308 included.
  return fc.double({
    min: min ?? -Number.MAX_VALUE,
    max: max ?? Number.MAX_VALUE,
    minExcluded: exclusiveMin,
    maxExcluded: exclusiveMax,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** Small free-form JSON: what `additionalProperties: {}` and schemas without a type accept. */
export const freeJson = fc.jsonValue({ maxDepth: 2 });

/** Names of the components a schema's $ref chain passes through. */
function refNames(doc: OpenApiDocument, schema: Schema | undefined): string[] {
  const names: string[] = [];
  let node = schema ?? {};
  for (let hops = 0; typeof node.$ref === "string" && hops < 20; hops++) {
    const name = node.$ref.replace("#/components/schemas/", "");
    names.push(name);
    node = doc.components.schemas?.[name] ?? {};
  }
  return names;
}

/**
 * `seen`: the components entered on the way down. Past MAX_DEPTH a union keeps only the
 * choices that do not lead back into one of them, so a recursive schema (a rule's condition
 * tree) ends in a leaf instead of recursing until the stack runs out.
 */
export function valueFor(
  doc: OpenApiDocument,
  schema: Schema | undefined,
  depth = 0,
  seen: readonly string[] = [],
): fc.Arbitrary<unknown> {
  const node = flatten(doc, schema);
  const base = baseValueFor(doc, node, depth, [...seen, ...refNames(doc, schema)]);
  return node.nullable === true ? fc.option(base, { nil: null, freq: 6 }) : base;
}

const leadsBack = (choice: Schema, seen: readonly string[]) =>
  seen.some((name) => JSON.stringify(choice).includes(`"#/components/schemas/${name}"`));

function baseValueFor(
  doc: OpenApiDocument,
  node: Schema,
  depth: number,
  seen: readonly string[],
): fc.Arbitrary<unknown> {
  if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]));
  const choices = (node.anyOf ?? node.oneOf) as Schema[] | undefined;
  if (choices) {
    const leaves = choices.filter((c) => !leadsBack(c, seen));
    const pick = depth > MAX_DEPTH && leaves.length ? leaves : choices;
    return fc.oneof(...pick.map((c) => valueFor(doc, c, depth + 1, seen)));
  }
  switch (typeOf(doc, node)) {
    case "string":
      return stringFor(node);
    case "integer":
      return numberFor(node, true);
    case "number":
      return numberFor(node, false);
    case "boolean":
      return fc.boolean();
    case "array": {
      const minLength = (node.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((node.maxItems as number | undefined) ?? ITEMS, minLength + ITEMS);
      if (depth > MAX_DEPTH) return fc.constant([]);
      return fc.array(valueFor(doc, node.items as Schema, depth + 1, seen), { minLength, maxLength });
    }
    case "object":
      return objectFor(doc, node, depth, seen);
    default:
      return freeJson;
  }
}

function objectFor(
  doc: OpenApiDocument,
  node: Schema,
  depth: number,
  seen: readonly string[],
): fc.Arbitrary<unknown> {
  const { properties, required } = objectProperties(doc, node);
  const names = Object.keys(properties);
  if (names.length === 0) {
    const extra = node.additionalProperties;
    if (extra === false || depth > MAX_DEPTH) return fc.constant({});
    const values =
      extra && typeof extra === "object" && Object.keys(extra).length
        ? valueFor(doc, extra as Schema, depth + 1, seen)
        : freeJson;
    return fc.dictionary(word, values, { maxKeys: 3 });
  }
  const shape = Object.fromEntries(
    names.map((name) => [name, valueFor(doc, properties[name], depth + 1, seen)]),
  );
  return fc.record(shape, { requiredKeys: required.filter((name) => names.includes(name)) });
}
