import { z } from "@hono/zod-openapi";
import { badRequest, zodDetails } from "../../lib/errors";
import { MAX_OFFSET } from "../../lib/pagination";
import { CalculateBody } from "../bhi/schemas";

/** GraphQL passes explicit nulls; the REST schemas read absent values. */
const withoutNulls = (args: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined));

/** Arguments checked by the same zod schema as the REST operation (one detail per bad argument). */
export function parseArgs<T extends z.ZodType>(schema: T, args: Record<string, unknown>): z.output<T> {
  const parsed = schema.safeParse(withoutNulls(args));
  if (!parsed.success) throw badRequest("Invalid arguments", zodDetails(parsed.error));
  return parsed.data;
}

export const IdArg = z.object({ id: z.uuid() });
export const CustomerIdArg = z.object({ customerId: z.uuid() });

/** calculateBhi names its customers: an all-customers run (possibly queued) stays in REST. */
export const CalculateArgs = CalculateBody.pick({ weights: true, includeDetails: true }).extend({
  customerIds: z.array(z.uuid()).min(1).max(1_000),
});

/**
 * `limit` and `offset` of a list field against its `@list` bounds (the default filled in), so a
 * limit over the cap is refused before any lookup.
 */
export function pageArgs(bounds: { default?: number; max: number }, args: Record<string, unknown>) {
  const schema = z.object({
    limit: z
      .number()
      .int()
      .min(1)
      .max(bounds.max)
      .default(bounds.default ?? bounds.max),
    offset: z.number().int().min(0).max(MAX_OFFSET).default(0),
  });
  return parseArgs(schema, { limit: args.limit, offset: args.offset });
}
