import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { RetryDeadLettersBody } from "../schemas";
import { retryDeadLetters } from "../service";

export const retryDeadLettersRoute = tenantRoute({
  method: "post",
  path: "/v1/monitoring/dead-letters/retry",
  operationId: "retryMonitoringDeadLetters",
  tags: ["Monitoring"],
  summary: "Re-queue dead-lettered entities",
  description:
    "All, or the named ones, for screening; audited. " +
    "Clears their failure and attempts and sends a screening job. Named entities that are not dead-lettered are ignored (retried counts only those re-queued).",
  scope: "aml:write",
  request: { body: jsonBody(RetryDeadLettersBody) },
  responses: {
    200: jsonContent(
      async () => (await import("../responses")).RetryDeadLettersSchema,
      "How many were re-queued",
    ),
  },
});

export const registerRetryDeadLetters = (app: App) =>
  app.openapi(retryDeadLettersRoute, async (c) => {
    const { retried } = await retryDeadLetters(c.get("ctx"), c.req.valid("json").entities);
    return c.json({ success: true as const, retried }, 200);
  });
