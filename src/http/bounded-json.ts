import { z } from "@hono/zod-openapi";
import { jsonBytes, jsonDepth } from "../lib/json-guard";

/** Limits of a free-form JSON object field (docs/decisions/input-hardening.md). */
export interface JsonBounds {
  /** Nesting levels, the field's own object counting as 1. */
  maxDepth: number;
  /** UTF-8 bytes of the field's JSON text. */
  maxBytes: number;
  /** Keys of the field's own object. */
  maxProperties: number;
}

export const FREE_FORM_JSON_BOUNDS: JsonBounds = { maxDepth: 32, maxBytes: 16 * 1024, maxProperties: 256 };

const kb = (bytes: number) => (bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`);

export const describeBounds = (b: JsonBounds): string =>
  `Free-form JSON object: at most ${b.maxProperties} keys, ${b.maxDepth} levels deep and ${kb(b.maxBytes)} as JSON.`;

/**
 * A free-form JSON object with bounded depth, size and key count, checked before anything
 * recursive (the hash chain's canonical JSON, JSON.stringify, a Durable Object call) sees it.
 * Depth is measured iteratively, so a 5,000-deep value is a 400 naming the field, not a stack overflow.
 */
export function boundedJson(
  bounds: Partial<JsonBounds> = {},
  openapi: { description?: string; additionalProperties?: Record<string, unknown> } = {},
) {
  const b = { ...FREE_FORM_JSON_BOUNDS, ...bounds };
  const limits = describeBounds(b);
  return (
    z
      .record(z.string(), z.unknown())
      .superRefine((value, ctx) => {
        const keys = Object.keys(value).length;
        if (keys > b.maxProperties) {
          ctx.addIssue({
            code: "custom",
            message: `must have at most ${b.maxProperties} keys (has ${keys})`,
          });
          return;
        }
        if (jsonDepth(value, b.maxDepth) > b.maxDepth) {
          ctx.addIssue({ code: "custom", message: `must be at most ${b.maxDepth} levels deep` });
          return;
        }
        const bytes = jsonBytes(value);
        if (bytes > b.maxBytes) {
          ctx.addIssue({
            code: "custom",
            message: `must be at most ${kb(b.maxBytes)} as JSON (is ${bytes} bytes)`,
          });
        }
      })
      // No `type` here: an override with a type makes a later .nullable() vanish from the document.
      .openapi({
        additionalProperties: openapi.additionalProperties ?? {},
        maxProperties: b.maxProperties,
        description: openapi.description ? `${openapi.description}. ${limits}` : limits,
      })
  );
}
