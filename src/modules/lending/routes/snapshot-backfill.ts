import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { backfillSnapshots } from "../portfolio/service";
import { SnapshotBackfillBody } from "../schemas";

export const snapshotBackfillRoute = tenantRoute({
  method: "post",
  path: "/v1/lending/snapshots/backfill",
  operationId: "backfillLendingSnapshots",
  tags: ["Lending"],
  summary: "Backfill month-end PAR snapshots",
  description:
    "Writes the month-ends from `from`'s month to the last month-end as they were then: each loan reconstructed " +
    "from its schedule and the repayments paid by that day, and the roll rates between them. For a book whose " +
    "history arrived after those month-ends (at most 24 month-ends and 2,500 loans a request).",
  scope: "data:write",
  request: { body: jsonBody(SnapshotBackfillBody) },
  responses: {
    200: jsonContent(
      async () => (await import("../responses")).SnapshotBackfillSchema,
      "The month-ends written",
    ),
  },
});

export const registerSnapshotBackfill = (app: App) =>
  app.openapi(snapshotBackfillRoute, async (c) => {
    const result = await backfillSnapshots(c.get("ctx"), c.req.valid("json").from);
    return c.json({ success: true as const, ...result }, 200);
  });
