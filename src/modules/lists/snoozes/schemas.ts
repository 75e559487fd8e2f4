import { z } from "@hono/zod-openapi";
import { IsoDateTime } from "../../../http/openapi";
import { storableText } from "../../../http/storable";

/** Most days ahead a snooze may end: a rule silenced for an entity is revisited at least yearly. */
export const MAX_SNOOZE_DAYS = 365;

export const SnoozeBody = storableText(
  z
    .object({
      ruleId: z
        .string()
        .trim()
        .min(1)
        .max(100)
        .openapi({ description: "The rule to silence for the case's entity" }),
      until: IsoDateTime.openapi({
        description: `When the snooze ends (exclusive): in the future, at most ${MAX_SNOOZE_DAYS} days ahead`,
      }),
      reason: z.string().trim().min(1).max(1000),
      actorId: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .optional()
        .openapi({ description: "Who decided it (recorded in the case log); absent: the API key alone" }),
      actorName: z.string().trim().min(1).max(200).optional(),
    })
    .strict(),
).openapi("CaseSnoozeRequest");
