/**
 * What the security suite sends besides the path: valid bodies and, for raw uploads, query and
 * headers, so that a cross-tenant request reaches the tenant lookup instead of stopping at
 * validation. The objects the paths name are built by ./fixtures.ts.
 */
import { KYC_SUBJECT } from "../goaml/demo";
import { linkTarget } from "./link-fixtures";

export const backtestRange = () => ({
  from: new Date(Date.now() - 30 * 86_400_000).toISOString(),
  to: new Date(Date.now() - 1000).toISOString(),
});
/**
 * Operations that take query parameters and a non-JSON body (evidence uploads): what the suite
 * appends to the path and the headers it sends, so the request reaches the tenant lookup.
 */
export const requestExtras: Record<
  string,
  { query: string; headers: Record<string, string>; body?: string }
> = Object.fromEntries([
  ...["/v1/fraud/cases/{caseId}/files", "/v1/kyc-aml/cases/{caseId}/files"].map((p) => [
    `POST ${p}`,
    {
      query: "?filename=e.txt&actorId=analyst-1",
      headers: { "content-type": "text/plain" },
      body: "evidence",
    },
  ]),
  // Unlinking names the analyst in the query (a DELETE has no body).
  ...["/v1/fraud/cases/{caseId}/links/{linkId}", "/v1/kyc-aml/cases/{caseId}/links/{linkId}"].map((p) => [
    `DELETE ${p}`,
    { query: "?actorId=analyst-1", headers: {} },
  ]),
]);

export const fraudCaseBody = () => ({
  alertId: crypto.randomUUID(),
  entityType: "merchant",
  entityId: "Security Fixture Shop",
  severity: "medium",
  overallScore: 42,
});

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

/**
 * Valid bodies for operations whose body is required, so that a cross-tenant request
 * reaches the tenant lookup instead of stopping at validation. Key: "METHOD /templated/path".
 */
export const requestBodies: Record<string, unknown> = {
  "POST /v1/graphql": { query: "{ bhiSummary { totalCustomers } }" },
  "POST /v1/agents/{agentId}/float-reports": {
    reports: [{ reportedAt: "2026-01-01T00:00:00.000Z", floatBalance: 100 }],
  },
  "POST /v1/fraud/evaluate": { entityType: "merchant", entityId: "Security Fixture Shop" },
  "POST /v1/fraud/evaluate-and-create": { entityType: "merchant", entityId: "Security Fixture Shop" },
  "POST /v1/fraud/cases": fraudCaseBody(),
  "POST /v1/fraud/cases/{caseId}/events": {
    eventType: "note_added",
    actorType: "user",
    actorId: "analyst-1",
    noteContent: "Reviewed",
  },
  "POST /v1/fraud/cases/{caseId}/status": { newStatus: "under_review", actorId: "analyst-1" },
  "POST /v1/fraud/cases/{caseId}/notes": { content: "Reviewed", actorId: "analyst-1" },
  "POST /v1/kyc-aml/evaluate": { entityType: "counterparty", entityId: "ACC-1", dryRun: true },
  "PUT /v1/kyc-aml/thresholds": { thresholds: {} },
  "PUT /v1/monitoring/settings": { onArrival: true },
  "POST /v1/kyc-aml/cases/{caseId}/transition": { toStatus: "under_investigation", actorId: "analyst-1" },
  "POST /v1/agent-health/float-backtests": { weeks: 1 },
  "POST /v1/kyc-aml/backtest": { windowDays: 30 },
  "POST /v1/kyc-aml/cases/{caseId}/reports": {
    narrative: "Security suite",
    actorId: "analyst-1",
    subject: { ...KYC_SUBJECT, taxRegistered: false },
  },
  "POST /v1/goaml/reports/{reportId}/status": {
    status: "submitted",
    fiuRefNumber: "FIC-SEC-1",
    actorId: "analyst-1",
  },
  "PUT /v1/goaml/subjects/{customerId}": { subject: { gender: "M" } },
  "POST /v1/fraud/cases/{caseId}/links": linkTarget,
  "POST /v1/kyc-aml/cases/{caseId}/links": linkTarget,
  "POST /v1/goaml/ctr-runs": { day: "2026-01-01" },
  "POST /v1/fraud/cases/{caseId}/assignment": { assigneeId: "analyst-2", actorId: "analyst-1" },
  "POST /v1/fraud/cases/{caseId}/tags": { add: ["security"], actorId: "analyst-1" },
  "POST /v1/fraud/cases/{caseId}/close-request/confirm": { actorId: "analyst-1" },
  "POST /v1/fraud/cases/{caseId}/close-request/reject": { actorId: "analyst-1" },
  "POST /v1/kyc-aml/cases/{caseId}/assignment": { assigneeId: "analyst-2", actorId: "analyst-1" },
  "POST /v1/kyc-aml/cases/{caseId}/notes": { content: "Reviewed", actorId: "analyst-1" },
  "POST /v1/kyc-aml/cases/{caseId}/tags": { add: ["security"], actorId: "analyst-1" },
  "POST /v1/kyc-aml/cases/{caseId}/close-request/confirm": { actorId: "analyst-1" },
  "POST /v1/kyc-aml/cases/{caseId}/close-request/reject": { actorId: "analyst-1" },
  "POST /v1/fraud/cases/{caseId}/snoozes": {
    ruleId: "velocity_count",
    until: tomorrow(),
    reason: "security suite",
  },
  "POST /v1/kyc-aml/cases/{caseId}/snoozes": {
    ruleId: "AML-LCT-001",
    until: tomorrow(),
    reason: "security suite",
  },
  "POST /v1/rule-sets/fraud/backtest": backtestRange(),
  "POST /v1/rule-sets/aml/backtest": backtestRange(),
  "POST /v1/webhooks/subscriptions": { url: "https://hooks.example.com/in", eventTypes: ["*"] },
  "PATCH /v1/webhooks/subscriptions/{id}": { description: "security suite" },
  // A fresh email each time the body is read (an email is unique per tenant).
  get "POST /v1/users"() {
    return { name: "Security Analyst", email: `sec-${crypto.randomUUID()}@bank.example`, roles: ["analyst"] };
  },
  "PATCH /v1/users/{userId}": { name: "Security Analyst" },
  "POST /v1/users/{userId}/keys": { name: "security suite" },
  "POST /v1/lists": { name: "Security list", kind: "high_risk_countries" },
  "POST /v1/sanctions/screen": { name: "Security Fixture Name" },
  "PUT /v1/sanctions/settings": { lists: [] },
  "POST /v1/sanctions/cases/{caseId}/decisions": { decision: "confirmed", reason: "security fixture" },
  "POST /admin/sanctions/lists/{listId}/versions": {
    format: "national_csv",
    publicationDate: "2026-11-01",
    content: "reference,name\nSEC-1,Security Fixture Name\n",
  },
  "PATCH /v1/lists/{listId}": { description: "security suite" },
  "POST /v1/lists/{listId}/entries": { entries: [{ value: "Security Fixture" }] },
  "POST /v1/insights/what-if-churn": { churnRatePercent: 10 },
  "POST /v1/sme-health/calculate": { customerId: "00000000-0000-4000-8000-000000000000" },
  "POST /v1/agent-health/calculate": {
    agentId: "AGT-SEC-1",
    agentCode: "AC-SEC-1",
    agentTier: "standard",
    agentStatus: "active",
    floatBalance: 500,
    floatLimit: 1000,
  },
  "POST /v1/nba/generate": { customerId: "7f3c9a52-1d2e-4b6a-9c1f-2a3b4c5d6e7f" },
  "POST /v1/nba/batch": { customerIds: ["7f3c9a52-1d2e-4b6a-9c1f-2a3b4c5d6e7f"] },
};
