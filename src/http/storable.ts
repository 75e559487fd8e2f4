import type { z } from "@hono/zod-openapi";
import { findUnstorable } from "../lib/storable-text";

/**
 * Refuses (400, naming the field) any string inside the value that storage would not
 * round-trip exactly: lone UTF-16 surrogates and NUL, in values and object keys at any depth
 * (src/lib/storable-text.ts). Wrap anything that ends up in hashed or signed content (a whole
 * request body is fine), so a legitimate record can never later verify as tampered.
 */
export function storableText<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    const found = findUnstorable(value);
    if (found) ctx.addIssue({ code: "custom", path: found.path, message: found.message });
  }) as T;
}
