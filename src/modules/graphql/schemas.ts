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
