import { createRoute, type z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { ErrorBodySchema } from "../../../http/errors";
import { errorResponses, forDocument, jsonBody, jsonContent } from "../../../http/openapi";
import { withBookmarkResponses } from "../../../http/read-replication-doc";
import { httpConventions } from "../../../http/route-conventions";
import type { GraphQLResponseSchema } from "../responses";
import { GraphQLRequestSchema } from "../schemas";

/**
 * Not a tenantRoute: the route checks only the API key; each field checks the scope of the
 * REST operation it mirrors (docs/decisions/graphql.md), listed in `x-field-scopes`.
 */
const request = { body: jsonBody(GraphQLRequestSchema) };
// Mutations create things: the same Idempotency-Key handling as every tenantRoute POST.
const conventions = httpConventions(
  { method: "post", path: "/v1/graphql", request, responses: {} },
  "tenant",
);

export const graphqlRoute = createRoute({
  method: "post",
  path: "/v1/graphql",
  operationId: "graphql",
  tags: ["GraphQL"],
  summary: "Run a GraphQL query",
  description:
    "Same API keys; each field needs the scope of the REST operation it mirrors. " +
    "Body `{query, variables?, operationName?}`. Field errors (FORBIDDEN, NOT_FOUND, BAD_USER_INPUT) answer 200 " +
    "with the other fields' data; errors of the request itself (syntax, validation, variables, depth over 6, cost " +
    "over the limits, more than one mutation field, more than 1,000 ids in id-list arguments, more than 64 levels " +
    "of nesting before parsing) answer 400 with GraphQL `errors`. A body that is not a GraphQL request answers the usual error " +
    "envelope. Introspection is enabled.",
  security: [{ ApiKeyAuth: [] }],
  "x-field-scopes": forDocument(async () => (await import("../executable-schema")).rootFieldScopes),
  request: conventions.document.request as typeof request,
  "x-d1-session": conventions.document["x-d1-session"],
  middleware: conventions.middleware,
  responses: withBookmarkResponses({
    ...conventions.responses,
    200: jsonContent(
      async () => (await import("../responses")).GraphQLResponseSchema,
      "Executed (possibly with field errors and partial data)",
    ),
    400: {
      description:
        "The GraphQL request was refused (GraphQL `errors`), or the body is not a GraphQL request (error envelope)",
      content: {
        "application/json": {
          schema: forDocument(async () =>
            (await import("../responses")).GraphQLResponseSchema.or(ErrorBodySchema),
          ),
        },
      },
    },
    ...errorResponses(401, 413, 415, 500, 503),
  }),
});

/**
 * graphql-js, the SDL and its executable schema are loaded by the isolate's first GraphQL request,
 * not at start (docs/architecture.md#what-loads-lazily).
 */
const loadService = () => import("../service");

export const registerGraphQL = (app: App) =>
  app.openapi(graphqlRoute, async (c) => {
    const { runGraphQL } = await loadService();
    const { status, body } = await runGraphQL(c.get("ctx"), c.get("auth").scopes, c.req.valid("json"));
    // GraphQLFormattedError's readonly arrays are the same JSON as the schema's arrays.
    return c.json(body as z.infer<typeof GraphQLResponseSchema>, status);
  });
