import { describe, expect, it } from "vitest";
import document from "../../openapi.json";

type Operation = {
  operationId: string;
  parameters?: { name: string; in: string }[];
  "x-read-only"?: boolean;
};
const doc = document as unknown as { paths: Record<string, Record<string, Operation>> };

const posts = Object.entries(doc.paths).flatMap(([path, methods]) =>
  methods.post ? [{ path, op: methods.post }] : [],
);
const takesKey = (op: Operation) =>
  (op.parameters ?? []).some((p) => p.in === "header" && p.name === "Idempotency-Key");

/**
 * "Creating" is every POST not flagged `readOnly` on its route (x-read-only in the document):
 * a new POST gets the Idempotency-Key unless its author says, on the route, that it stores nothing.
 */
describe("Idempotency-Key in the OpenAPI document", () => {
  it("every POST takes Idempotency-Key unless its route is flagged read-only", () => {
    const missing = posts.filter(({ op }) => !takesKey(op) && op["x-read-only"] !== true).map((p) => p.path);
    expect(missing).toEqual([]);
  });

  it("the read-only flag is used only where nothing is created, and those take no key", () => {
    const readOnly = posts.filter(({ op }) => op["x-read-only"] === true);
    expect(readOnly.map((p) => p.op.operationId).sort()).toEqual([
      "calculateAgentHealth",
      "evaluateFraud",
      "screenSanctionsName",
      "simulateWhatIfChurn",
    ]);
    expect(readOnly.filter(({ op }) => takesKey(op))).toEqual([]);
  });

  it("the creating operations the issue names take it", () => {
    const byId = new Map(posts.map(({ op }) => [op.operationId, op]));
    for (const id of [
      "createFraudCase",
      "addFraudCaseEvent",
      "addFraudCaseNote",
      "snoozeFraudCaseRule",
      "snoozeAmlCaseRule",
      "createWebhookSubscription",
      "ingestRecords",
      "syncCoreBanking",
      "calculateBhiFromDb",
      "calculateSmeHealth",
      "triggerWorkflow",
      "backtestAmlRules",
      "backtestFraudRuleSetDraft",
      "retryMonitoringDeadLetters",
      "createList",
      "adminCreateTenant",
      "adminCreateKey",
      "adminRotateKey",
      "adminCreateOperatorToken",
    ]) {
      const op = byId.get(id);
      expect(op, id).toBeDefined();
      expect(takesKey(op as Operation), id).toBe(true);
    }
  });
});
