import type { App } from "../../../http/context";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { AML_TRANSITIONS, statusDetails } from "../domain/case-machine";
import { DISCLAIMER } from "../schemas";

export const getTransitionsRoute = tenantRoute({
  method: "get",
  path: "/v1/kyc-aml/cases/transitions",
  operationId: "getAmlCaseTransitions",
  tags: ["KYC/AML"],
  summary: "Get the AML case state machine",
  description: "The KYC/AML case status state machine.",
  scope: "aml:read",
  responses: {
    200: jsonContent(
      async () => (await import("../cases/responses")).TransitionsResponse,
      "Transitions and status details",
    ),
  },
});

export const registerGetTransitions = (app: App) =>
  app.openapi(getTransitionsRoute, (c) =>
    c.json(
      {
        success: true as const,
        transitions: Object.fromEntries(Object.entries(AML_TRANSITIONS).map(([k, v]) => [k, [...v]])),
        statusDetails: statusDetails(),
        disclaimer: DISCLAIMER,
      },
      200,
    ),
  );
