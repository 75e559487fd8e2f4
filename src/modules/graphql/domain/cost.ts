import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLDirective,
  GraphQLError,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

type VariableValues = Parameters<typeof getArgumentValues>[2];

/** What one request may cost; docs/decisions/graphql.md explains each figure. */
export const LIMITS = {
  /** Nesting of fields (introspection fields excluded: graphql-js bounds those itself). */
  maxDepth: 6,
  /** Objects the lists of a request may return at most (limit x nested limits). */
  maxNodes: 10_000,
  /**
   * Service calls a request may make at most. Each is one D1 round trip of 1-3 statements,
   * so 200 stays well under the 1,000 queries a Worker invocation may run.
   */
  maxLoads: 200,
  /**
   * Field selections after expanding fragments. A document of a few hundred tokens can spread
   * fragments into each other and expand exponentially: the walk stops counting here.
   */
  maxFields: 2_000,
  /**
   * Mutation fields per operation. graphql-js runs each alias of a mutation in turn, so 200
   * aliases of one mutation would be 200 writes behind one cost check.
   */
  maxMutations: 1,
  /**
   * Ids the operation's ID-list arguments name (e.g. calculateBhi's customerIds), times the
   * parents the field runs for: the customers one request may calculate, as REST's 1,000.
   */
  maxIds: 1_000,
} as const;

export interface Cost {
  depth: number;
  nodes: number;
  loads: number;
  /** Field selections visited (fragments expanded), up to just over maxFields. */
  fields: number;
  /** Root fields of a mutation (aliases and fragments expanded). */
  mutations: number;
  /** Ids named by ID-list arguments, times the parents of their field. */
  ids: number;
}

export interface ListBounds {
  default?: number;
  max?: number;
  estimate?: number;
}

const directive = (schema: GraphQLSchema, name: string): GraphQLDirective => {
  const found = schema.getDirective(name);
  if (!found) throw new Error(`The schema lacks @${name}`);
  return found;
};

/** `@scope(requires:)` of a field, if any. */
export function scopeOf(schema: GraphQLSchema, field: GraphQLField<unknown, unknown>): string | undefined {
  if (!field.astNode) return undefined;
  return getDirectiveValues(directive(schema, "scope"), field.astNode)?.requires as string | undefined;
}

/** Whether a field is `@batched`: read for all sibling parents in one statement. */
export function isBatched(schema: GraphQLSchema, field: GraphQLField<unknown, unknown>): boolean {
  if (!field.astNode) return false;
  return getDirectiveValues(directive(schema, "batched"), field.astNode) !== undefined;
}

/** `@list(default:, max:, estimate:)` of a field, if any. */
export function listOf(schema: GraphQLSchema, field: GraphQLField<unknown, unknown>): ListBounds | undefined {
  if (!field.astNode) return undefined;
  return getDirectiveValues(directive(schema, "list"), field.astNode) as ListBounds | undefined;
}

/** How many items a list field may return for these arguments (an out-of-range limit counts as the cap). */
export function itemsOf(bounds: ListBounds, args: Record<string, unknown>): number {
  if (bounds.max === undefined) return bounds.estimate ?? 1;
  const limit = typeof args.limit === "number" ? args.limit : (bounds.default ?? bounds.max);
  return limit >= 1 && limit <= bounds.max ? limit : bounds.max;
}

/** Whether an argument is a list of IDs (the ids a field acts on or fans out to). */
const isIdList = (type: GraphQLInputType) => {
  const nullable = getNullableType(type);
  return isListType(nullable) && getNamedType(nullable).name === "ID";
};

/**
 * Static cost of an operation, before anything runs: depth, the objects its lists can return,
 * and the service calls it can make (a scoped field runs once per parent object, a @batched
 * one once for all of them).
 */
export function analyze(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: VariableValues,
): Cost {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  }
  const cost: Cost = { depth: 0, nodes: 0, loads: 0, fields: 0, mutations: 0, ids: 0 };
  const isMutation = operation.operation === "mutation";

  const fieldNodes = (set: SelectionSetNode, type: GraphQLObjectType, out: FieldNode[] = []): FieldNode[] => {
    for (const sel of set.selections) {
      if (out.length > LIMITS.maxFields) break;
      if (sel.kind === Kind.FIELD) out.push(sel);
      else if (sel.kind === Kind.INLINE_FRAGMENT) fieldNodes(sel.selectionSet, type, out);
      else {
        const fragment = fragments.get(sel.name.value);
        if (fragment) fieldNodes(fragment.selectionSet, type, out);
      }
    }
    return out;
  };

  const walk = (set: SelectionSetNode, type: GraphQLObjectType, multiplier: number, depth: number) => {
    for (const node of fieldNodes(set, type)) {
      if (++cost.fields > LIMITS.maxFields) return;
      const name = node.name.value;
      if (name.startsWith("__")) continue;
      const field = type.getFields()[name];
      if (!field) continue;
      cost.depth = Math.max(cost.depth, depth + 1);
      if (isMutation && depth === 0) cost.mutations++;
      const args = field.args.length ? getArgumentValues(field, node, variables) : {};
      for (const arg of field.args) {
        const value = args[arg.name];
        if (isIdList(arg.type) && Array.isArray(value)) cost.ids += multiplier * value.length;
      }
      // A scoped field is a service call per parent object, or one for all of them (@batched).
      if (scopeOf(schema, field)) cost.loads += isBatched(schema, field) ? 1 : multiplier;
      let childMultiplier = multiplier;
      const bounds = listOf(schema, field);
      if (bounds) {
        const items = itemsOf(bounds, args);
        cost.nodes += multiplier * items;
        childMultiplier = multiplier * items;
      }
      const named = getNamedType(field.type);
      if (node.selectionSet && isObjectType(named))
        walk(node.selectionSet, named, childMultiplier, depth + 1);
    }
  };

  const root = isMutation ? schema.getMutationType() : schema.getQueryType();
  if (root) walk(operation.selectionSet, root, 1, 0);
  return cost;
}

/** The request errors for a cost over the limits (empty when within them). */
export function costErrors(cost: Cost, limits: typeof LIMITS = LIMITS): GraphQLError[] {
  const errors: GraphQLError[] = [];
  if (cost.depth > limits.maxDepth) {
    errors.push(
      new GraphQLError(`Query depth ${cost.depth} exceeds the maximum of ${limits.maxDepth}`, {
        extensions: { code: "DEPTH_LIMIT_EXCEEDED", depth: cost.depth, maxDepth: limits.maxDepth },
      }),
    );
  }
  if (cost.mutations > limits.maxMutations) {
    errors.push(
      new GraphQLError(
        `An operation may run at most ${limits.maxMutations} mutation field; this one has ${cost.mutations} (aliases and fragments included): send one request per mutation`,
        {
          extensions: {
            code: "MUTATION_LIMIT_EXCEEDED",
            mutations: cost.mutations,
            maxMutations: limits.maxMutations,
          },
        },
      ),
    );
  }
  if (
    cost.nodes > limits.maxNodes ||
    cost.loads > limits.maxLoads ||
    cost.fields > limits.maxFields ||
    cost.ids > limits.maxIds
  ) {
    errors.push(
      new GraphQLError(
        `Query too complex: up to ${cost.nodes} objects (max ${limits.maxNodes}), ${cost.loads} lookups (max ${limits.maxLoads}), ${cost.fields} fields (max ${limits.maxFields}) and ${cost.ids} ids in id-list arguments (max ${limits.maxIds}); ask for smaller pages, fewer nested lists, fewer fields or fewer ids`,
        { extensions: { code: "COMPLEXITY_LIMIT_EXCEEDED", cost, limits } },
      ),
    );
  }
  return errors;
}
