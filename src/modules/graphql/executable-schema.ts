import {
  buildSchema,
  defaultFieldResolver,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  isIntrospectionType,
  isObjectType,
} from "graphql";
import { AppError } from "../../lib/errors";
import { grants, type Scope } from "../../lib/scopes";
import { pageArgs } from "./args";
import type { GraphQLContext } from "./context";
import { listOf, scopeOf } from "./domain/cost";
import { resolvers } from "./resolvers";
import { SDL } from "./sdl";

type FieldResolver = GraphQLFieldResolver<unknown, GraphQLContext, Record<string, unknown>>;

/**
 * Wraps a field's resolver with what its directives declare: the scope check first (a missing
 * scope is a FORBIDDEN error on this field only), then the `limit`/`offset` bounds of a list.
 */
function guarded(
  scope: string | undefined,
  bounds: { default?: number; max?: number } | undefined,
  resolve: FieldResolver,
): FieldResolver {
  return (parent, args, g, info) => {
    if (scope && !grants(g.scopes, scope as Scope)) {
      throw new AppError("forbidden", `This API key lacks the scope ${scope}`);
    }
    const checked =
      bounds?.max !== undefined ? { ...args, ...pageArgs({ ...bounds, max: bounds.max }, args) } : args;
    return resolve(parent, checked, g, info);
  };
}

/** The SDL schema with resolvers attached (a scalar built from SDL, like JSON, passes values through). */
function build(): GraphQLSchema {
  // No source locations: they serve errors in the SDL itself, and hold ~4,500 objects.
  const schema = buildSchema(SDL, { noLocation: true });
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type)) continue;
    if (!isObjectType(type)) continue;
    const own = resolvers[type.name] ?? {};
    for (const field of Object.values(type.getFields())) {
      const scope = scopeOf(schema, field);
      const bounds = listOf(schema, field);
      const resolve =
        (own[field.name] as unknown as FieldResolver | undefined) ?? field.resolve ?? defaultFieldResolver;
      field.resolve = scope || bounds?.max !== undefined ? guarded(scope, bounds, resolve) : resolve;
      if (scope)
        field.description = `${field.description ?? ""}${field.description ? "\n\n" : ""}Requires scope \`${scope}\`.`;
    }
  }
  return schema;
}

export const schema = build();

/** Root field (query or mutation) -> the scope it needs (in the OpenAPI document as `x-field-scopes`). */
export const rootFieldScopes: Record<string, string> = Object.fromEntries(
  [schema.getQueryType(), schema.getMutationType()].flatMap((root) =>
    Object.values(root?.getFields() ?? {}).map((f) => [f.name, scopeOf(schema, f) ?? ""]),
  ),
);
