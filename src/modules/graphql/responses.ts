import { z } from "@hono/zod-openapi";

// Response shapes of modules/graphql: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const GraphQLErrorSchema = z
  .object({
    message: z.string(),
    locations: z.array(z.object({ line: z.number().int(), column: z.number().int() })).optional(),
    path: z.array(z.union([z.string(), z.number().int()])).optional(),
    extensions: z
      .object({
        code: z.string().openapi({
          example: "FORBIDDEN",
          description:
            "FORBIDDEN, NOT_FOUND, BAD_USER_INPUT, INTERNAL_SERVER_ERROR (fields); GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED, BAD_USER_INPUT, DEPTH_LIMIT_EXCEEDED, COMPLEXITY_LIMIT_EXCEEDED, MUTATION_LIMIT_EXCEEDED (requests)",
        }),
        details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      })
      .catchall(z.unknown())
      .openapi({ additionalProperties: {} })
      .optional(),
  })
  .openapi("GraphQLError");

export const GraphQLResponseSchema = z
  .object({
    success: z.boolean().openapi({ description: "true when there are no errors" }),
    errors: z.array(GraphQLErrorSchema).optional(),
    data: z.record(z.string(), z.unknown()).nullable().optional().openapi({
      type: "object",
      additionalProperties: {},
      description: "Absent when the request was refused",
    }),
    extensions: z.record(z.string(), z.unknown()).optional().openapi({
      type: "object",
      additionalProperties: {},
      description: "cost: {depth, nodes, loads, fields, limits} of the query",
    }),
  })
  .openapi("GraphQLResponse");
