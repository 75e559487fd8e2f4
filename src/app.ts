import { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { App, AppEnv } from "./http/context";
import { errorResponse, onError, validationHook } from "./http/errors";
import { apiKeyAuth } from "./http/middleware/auth";
import { limitBody } from "./http/middleware/body-limit";
import { conditionalGet } from "./http/middleware/conditional-get";
import { corsHeaders, corsPreflight } from "./http/middleware/cors";
import { tenantD1Session } from "./http/middleware/d1-session";
import { instrumentation } from "./http/middleware/instrumentation";
import { ipRateLimit, rateLimit } from "./http/middleware/rate-limit";
import { requestContext } from "./http/middleware/request-context";
import { securityHeaders } from "./http/middleware/security-headers";
import { writeFence } from "./http/middleware/write-fence";
import { registerBookmarkHeader } from "./http/read-replication-doc";
import { AppError } from "./lib/errors";
import { registerAdminRoutes } from "./modules/admin/routes";
import { registerAgentHealthRoutes } from "./modules/agent-health/routes";
import { registerAmlRoutes } from "./modules/aml/routes";
import { registerTenantAuditRoutes } from "./modules/audit/routes";
import { registerBhiRoutes } from "./modules/bhi/routes";
import { registerCaseFileRoutes } from "./modules/cases/files/routes";
import { registerCaseLinkRoutes } from "./modules/cases/links/routes";
import { registerCaseQueueRoutes } from "./modules/cases/queues/routes";
import { registerDataRoutes } from "./modules/data/routes";
import { registerDocsPage } from "./modules/docs/routes/page";
import { registerFraudCaseRoutes, registerFraudRoutes } from "./modules/fraud/routes";
import { registerGoamlRoutes } from "./modules/goaml/routes";
import { registerGraphQLRoutes } from "./modules/graphql/routes";
import { registerIngestRoutes } from "./modules/ingest/routes";
import { registerInsightsRoutes } from "./modules/insights/routes";
import { registerLendingRoutes } from "./modules/lending/routes";
import { registerListRoutes } from "./modules/lists/routes";
import { registerRuleSetBacktestRoutes } from "./modules/monitoring/backtest/routes";
import { registerFraudAlertRoutes, registerMonitoringRoutes } from "./modules/monitoring/routes";
import { registerNbaRoutes } from "./modules/nba/routes";
import { registerOffboardingRoutes } from "./modules/offboarding/routes";
import { registerPrivacyRoutes } from "./modules/privacy/routes";
import { registerReportRoutes } from "./modules/reports/routes";
import { registerRuleSetRoutes } from "./modules/rules/routes";
import { registerSanctionsAdminRoutes, registerSanctionsRoutes } from "./modules/sanctions/routes";
import { registerSmeRoutes } from "./modules/sme/routes";
import { registerUsageRoutes } from "./modules/usage/routes";
import { registerUserRoutes } from "./modules/users/routes";
import { registerWebhookRoutes } from "./modules/webhooks/routes";
import { registerWorkflowRoutes } from "./modules/workflows/routes";
import "./ports";

export const OPENAPI_PATH = "/v1/openapi.json";

/**
 * What builds the document, loaded on the first request for it and by scripts/openapi.mjs: an
 * isolate that never serves the document never evaluates it (docs/architecture.md#what-loads-lazily).
 */
export const loadOpenApiDocument = () => import("./http/openapi-document");
const PUBLIC_V1_PATHS = new Set([OPENAPI_PATH, "/v1/docs"]);

const v1Auth: MiddlewareHandler<AppEnv> = (c, next) =>
  PUBLIC_V1_PATHS.has(c.req.path) ? next() : apiKeyAuth(c, next);
const v1RateLimit: MiddlewareHandler<AppEnv> = (c, next) =>
  PUBLIC_V1_PATHS.has(c.req.path) ? next() : rateLimit(c, next);

export function buildApp(): App {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.use("*", requestContext);
  app.use("*", securityHeaders);
  // Outside the limits and authentication, so 401 and 429 answers are readable by an allowed page.
  app.use("/v1/*", corsHeaders);
  // By client address before any credential lookup (the public document included: it is
  // generated per request); the per-key budget follows authentication.
  app.use("/v1/*", ipRateLimit);
  app.use("/admin/*", ipRateLimit);
  // Preflights carry no key: answered here, after the address budget, before authentication.
  app.use("/v1/*", corsPreflight);
  app.use("*", limitBody);
  app.use("/v1/*", v1Auth);
  // A tenant being moved between shards: writes answer 503 with Retry-After, reads go on.
  app.use("/v1/*", writeFence);
  // The shard in a D1 session: replicas for reads, x-d1-bookmark on the answer.
  app.use("/v1/*", tenantD1Session);
  app.use("/v1/*", v1RateLimit);
  // ETag and 304 on JSON GETs (inside the rate limit: a 304 still counts).
  app.use("/v1/*", conditionalGet);
  // Outside production only: D1 statement count and phase timings for the benches.
  app.use("/v1/*", instrumentation);

  app.get("/health", (c) => c.json({ success: true, status: "ok" }));

  registerDataRoutes(app);
  registerPrivacyRoutes(app);
  registerBhiRoutes(app);
  registerReportRoutes(app);
  registerFraudRoutes(app);
  // Stored fraud alerts are monitoring's (above fraud), listed among fraud's paths.
  registerFraudAlertRoutes(app);
  registerFraudCaseRoutes(app);
  registerLendingRoutes(app);
  registerIngestRoutes(app);
  registerAmlRoutes(app);
  registerRuleSetRoutes(app);
  registerRuleSetBacktestRoutes(app);
  registerWebhookRoutes(app);
  registerInsightsRoutes(app);
  registerSmeRoutes(app);
  registerGraphQLRoutes(app);
  registerAgentHealthRoutes(app);
  registerNbaRoutes(app);
  registerWorkflowRoutes(app);
  registerTenantAuditRoutes(app);
  registerUsageRoutes(app);
  registerListRoutes(app);
  registerMonitoringRoutes(app);
  registerGoamlRoutes(app);
  registerCaseFileRoutes(app);
  registerCaseLinkRoutes(app);
  registerUserRoutes(app);
  registerCaseQueueRoutes(app);
  registerSanctionsRoutes(app);
  // Operator routes last, so the docs page opens on the tenant API.
  registerAdminRoutes(app);
  registerOffboardingRoutes(app);
  registerSanctionsAdminRoutes(app);
  registerDocsPage(app);

  app.openAPIRegistry.registerComponent("securitySchemes", "ApiKeyAuth", {
    type: "http",
    scheme: "bearer",
    description: "Tenant API key: `Authorization: Bearer csk_live_...` (csk_test_ locally)",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "AdminAuth", {
    type: "http",
    scheme: "bearer",
    description:
      "Operator credential for /admin operations: a named operator token (cop_..., POST /admin/operator-tokens; " +
      "the operator scopes it was given, until its expiresAt) or the bootstrap ADMIN_TOKEN secret (every scope). " +
      "Each operation names the scope it needs as x-required-scope.",
  });
  registerBookmarkHeader(app);
  app.get(OPENAPI_PATH, async (c) => {
    const { servedDocumentJson } = await loadOpenApiDocument();
    return c.body(await servedDocumentJson(app, c.req.url), 200, { "Content-Type": "application/json" });
  });

  app.notFound((c) =>
    errorResponse(c, new AppError("not_found", `No route for ${c.req.method} ${c.req.path}`)),
  );
  app.onError(onError);
  return app;
}
