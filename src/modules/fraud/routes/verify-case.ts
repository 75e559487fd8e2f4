import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { DISCLAIMER } from "../schemas";
import { verifyCase } from "../service";
import { CaseParams } from "./get-case";

export const verifyCaseRoute = tenantRoute({
  method: "get",
  path: "/v1/fraud/cases/{caseId}/verify",
  operationId: "verifyFraudCase",
  tags: ["Fraud"],
  summary: "Verify a fraud case's hash chain",
  description: "Recomputes the case's hash chain (case row and every event) from genesis.",
  scope: "fraud:read",
  request: { params: CaseParams },
  responses: {
    200: jsonContent(async () => {
      const { Disclaimer } = await import("../responses");
      return z
        .object({
          success: z.literal(true),
          valid: z.boolean(),
          eventCount: z.number().int(),
          headHash: z.string(),
          firstInvalidSequence: z.number().int().nullable(),
          anchorValid: z
            .boolean()
            .nullable()
            .openapi({
              description:
                "Whether the head (last sequence and hash) matches the anchor the service keyed with a " +
                "Worker secret when it last wrote the case: false when the log was rewritten, truncated " +
                "or extended outside the service (even with every hash recomputed); null for cases " +
                "written before anchoring existed. `valid` is false whenever this is false.",
            }),
          disclaimer: Disclaimer,
        })
        .openapi("FraudCaseVerification");
    }, "Verification"),
  },
});

export const registerVerifyCase = (app: App) =>
  app.openapi(verifyCaseRoute, async (c) => {
    const result = await verifyCase(c.get("ctx"), c.req.valid("param").caseId);
    return c.json({ success: true as const, ...result, disclaimer: DISCLAIMER }, 200);
  });
