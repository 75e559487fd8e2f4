import {
  execute,
  GraphQLError,
  type GraphQLFormattedError,
  getOperationAST,
  getVariableValues,
  parse,
  specifiedRules,
  validate,
} from "graphql";
import type { TenantContext } from "../../db/tenant-context";
import type { Scope } from "../../lib/scopes";
import { graphQLContext } from "./context";
import { analyze, costErrors, LIMITS } from "./domain/cost";
import { describeProblem, type InputProblem, queryProblem, variablesProblem } from "./domain/input-bounds";
import { formatError, requestError } from "./errors";
import { schema } from "./executable-schema";

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

export interface GraphQLBody {
  success: boolean;
  data?: Record<string, unknown> | null;
  errors?: GraphQLFormattedError[];
  extensions?: Record<string, unknown>;
}

/** Tokens a document may have: far above any real query, far below a parser-exhausting one. */
export const MAX_TOKENS = 10_000;

const refused = (errors: GraphQLFormattedError[]) => ({
  status: 400 as const,
  body: { success: false, errors } satisfies GraphQLBody,
});

const PROBLEM_CODE: Record<InputProblem["kind"], string> = {
  query_length: "COMPLEXITY_LIMIT_EXCEEDED",
  query_nesting: "DEPTH_LIMIT_EXCEEDED",
  variables_depth: "BAD_USER_INPUT",
  variables_size: "BAD_USER_INPUT",
};

/** The 400 for a request over the bounds checked before parsing, or undefined. */
function inputRefusal(request: GraphQLRequest) {
  const problem = queryProblem(request.query) ?? variablesProblem(request.variables ?? null);
  if (!problem) return undefined;
  const { kind, ...figures } = problem;
  return refused([
    { message: describeProblem(problem), extensions: { code: PROBLEM_CODE[kind], ...figures } },
  ]);
}

/**
 * Runs one GraphQL request for the tenant of `ctx`. Errors in the request itself (syntax,
 * validation, variables, depth or cost over the limits) answer 400 before anything runs;
 * errors of single fields answer 200 with the rest of the data. Mutations run at most one field
 * per operation (LIMITS.maxMutations).
 */
export async function runGraphQL(
  ctx: TenantContext,
  scopes: readonly Scope[],
  request: GraphQLRequest,
): Promise<{ status: 200 | 400; body: GraphQLBody }> {
  // Bounded before graphql-js parses (recursively) or coerces anything.
  const tooLarge = inputRefusal(request);
  if (tooLarge) return tooLarge;
  let document: ReturnType<typeof parse>;
  try {
    document = parse(request.query, { maxTokens: MAX_TOKENS });
  } catch (error) {
    if (error instanceof GraphQLError) return refused([requestError(error, "GRAPHQL_PARSE_FAILED")]);
    throw error;
  }
  const invalid = validate(schema, document, specifiedRules, { maxErrors: 20 });
  if (invalid.length) return refused(invalid.map((e) => requestError(e, "GRAPHQL_VALIDATION_FAILED")));

  const operation = getOperationAST(document, request.operationName ?? undefined);
  if (!operation) {
    const message = request.operationName
      ? `Unknown operation named "${request.operationName}"`
      : "Must provide operationName when the document has several operations";
    return refused([{ message, extensions: { code: "BAD_USER_INPUT" } }]);
  }
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {}, {
    maxErrors: 20,
  });
  if (coerced.errors) return refused(coerced.errors.map((e) => requestError(e, "BAD_USER_INPUT")));

  const cost = analyze(schema, document, operation, coerced.variableValues);
  const tooCostly = costErrors(cost);
  if (tooCostly.length) return refused(tooCostly.map((e) => requestError(e, "COMPLEXITY_LIMIT_EXCEEDED")));

  const result = await execute({
    schema,
    document,
    operationName: request.operationName,
    variableValues: request.variables ?? {},
    contextValue: graphQLContext(ctx, scopes),
  });
  const errors = result.errors?.map((e) => formatError(e, ctx.requestId));
  return {
    status: 200 as const,
    body: {
      success: !errors?.length,
      ...(errors?.length ? { errors } : {}),
      data: (result.data ?? null) as Record<string, unknown> | null,
      extensions: { cost: { ...cost, limits: LIMITS } },
    } satisfies GraphQLBody,
  };
}
