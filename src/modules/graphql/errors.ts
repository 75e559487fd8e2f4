import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { AppError, type ErrorCode } from "../../lib/errors";

/** Field-error codes in `extensions.code`: the REST codes, upper-cased, in GraphQL's usual names. */
const GRAPHQL_CODE: Partial<Record<ErrorCode, string>> = {
  bad_request: "BAD_USER_INPUT",
  internal: "INTERNAL_SERVER_ERROR",
};
export const graphQLCode = (code: ErrorCode) => GRAPHQL_CODE[code] ?? code.toUpperCase();

/**
 * One error of a response. A service's AppError keeps its message and gets its code; an error of
 * graphql-js itself is kept; anything else is logged and answered without internals.
 */
export function formatError(error: GraphQLError, requestId: string): GraphQLFormattedError {
  const original = error.originalError;
  if (original instanceof AppError) {
    return {
      ...error.toJSON(),
      extensions: {
        code: graphQLCode(original.code),
        ...(original.details?.length ? { details: original.details } : {}),
      },
    };
  }
  if (!original || original instanceof GraphQLError) return error.toJSON();
  console.error(
    JSON.stringify({
      level: "error",
      requestId,
      message: original.message,
      path: error.path,
      stack: original.stack,
    }),
  );
  return {
    message: "Internal server error",
    locations: error.locations,
    path: error.path,
    extensions: { code: "INTERNAL_SERVER_ERROR" },
  };
}

/** A request-level error (the document or its variables), with its code. */
export const requestError = (error: GraphQLError, code: string): GraphQLFormattedError => {
  const json = error.toJSON();
  return { ...json, extensions: { ...json.extensions, code: (json.extensions?.code as string) ?? code } };
};
