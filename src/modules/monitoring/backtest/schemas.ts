import { z } from "@hono/zod-openapi";
import { IsoDateTime } from "../../../http/openapi";
import { AML_ENTITY_TYPES } from "../../detection/domain/aml/rules";

/** The longest range a backtest covers (custom windows reach back on their own). */
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

export const RuleSetBacktestBody = z
  .strictObject({
    from: IsoDateTime.openapi({ description: "Entities with a transaction from here to `to` are evaluated" }),
    to: IsoDateTime.openapi({ description: "Evaluated as of this instant (at most now)" }),
    entityType: z.enum(AML_ENTITY_TYPES).default("customer"),
    async: z.boolean().default(false).openapi({ description: "Queue the run (202) whatever its size" }),
  })
  .superRefine((b, ctx) => {
    const span = Date.parse(b.to) - Date.parse(b.from);
    if (!(span > 0)) ctx.addIssue({ code: "custom", path: ["to"], message: "Must be after from" });
    else if (span > MAX_RANGE_DAYS * DAY_MS)
      ctx.addIssue({ code: "custom", path: ["to"], message: `At most ${MAX_RANGE_DAYS} days after from` });
  })
  .openapi("RuleSetBacktestRequest");
