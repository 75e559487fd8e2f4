import { z } from "@hono/zod-openapi";
import { boundedJson } from "../../http/bounded-json";
import { INPUT_LIMITS } from "./domain/input-bounds";

export const GraphQLRequestSchema = z
  .object({
    query: z
      .string()
      .min(1)
      .max(INPUT_LIMITS.maxQueryLength)
      .openapi({
        description: `At most ${INPUT_LIMITS.maxNesting} levels of nested braces, parentheses and brackets (checked before parsing)`,
        example: "query ($limit: Int) { customers(limit: $limit) { data { id name } pagination { total } } }",
      }),
    // Room for id lists (1,000 uuids are ~40 KB); depth bounded before graphql-js coerces them.
    variables: boundedJson(
      { maxBytes: 256 * 1024, maxProperties: 100, maxDepth: INPUT_LIMITS.maxVariableDepth },
      { description: `Variable values (at most ${INPUT_LIMITS.maxVariableValues} values in all)` },
    )
      .nullable()
      .optional()
      .openapi({ example: { limit: 10 } }),
    operationName: z.string().max(200).nullable().optional(),
  })
  .openapi("GraphQLRequest");

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
