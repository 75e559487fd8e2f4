import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import {
  jsonContent,
  PaginationQuery,
  PaginationSchema,
  pagination,
  tenantRoute,
} from "../../../http/openapi";
import { listDeadLetters } from "../service";

export const listDeadLettersRoute = tenantRoute({
  method: "get",
  path: "/v1/monitoring/dead-letters",
  operationId: "listMonitoringDeadLetters",
  tags: ["Monitoring"],
  summary: "List dead-lettered entities",
  description:
    "Entities whose screening failed 5 times, latest failure first, with the last error. " +
    "A dead-lettered entity is not screened again until a new transaction of it arrives or POST /v1/monitoring/dead-letters/retry re-queues it.",
  scope: "aml:read",
  request: { query: PaginationQuery },
  responses: {
    200: jsonContent(async () => {
      const { DeadLetterSchema } = await import("../responses");
      return z.object({
        success: z.literal(true),
        data: z.array(DeadLetterSchema),
        pagination: PaginationSchema,
      });
    }, "Dead letters"),
  },
});

export const registerListDeadLetters = (app: App) =>
  app.openapi(listDeadLettersRoute, async (c) => {
    const { limit, offset, cursor } = c.req.valid("query");
    const { data, page } = await listDeadLetters(c.get("ctx"), { limit, offset, cursor });
    return c.json({ success: true as const, data, pagination: pagination(page, limit) }, 200);
  });
