import { beforeAll, describe, expect, it } from "vitest";
import { fileReport } from "../goaml/file-report";
import { call, createTenant, json, type TestTenant } from "../harness";
import { ago, customerWith, type EvaluateBody } from "./helpers";

// docs/contract.md#aml-cases, written out here independently of the implementation.
const ALLOWED: Record<string, string[]> = {
  open: [
    "under_investigation",
    "pending_information",
    "escalated",
    "closed_false_positive",
    "closed_no_action",
  ],
  under_investigation: [
    "pending_information",
    "escalated",
    "closed_false_positive",
    "closed_no_action",
    "closed_reported",
  ],
  pending_information: ["under_investigation", "escalated", "closed_no_action"],
  escalated: ["under_investigation", "closed_no_action", "closed_reported"],
  closed_false_positive: [],
  closed_no_action: [],
  closed_reported: [],
};
const STATUSES = Object.keys(ALLOWED);
/** A way to reach each status from open. */
const PATH: Record<string, string[]> = {
  open: [],
  under_investigation: ["under_investigation"],
  pending_information: ["pending_information"],
  escalated: ["escalated"],
  closed_false_positive: ["closed_false_positive"],
  closed_no_action: ["closed_no_action"],
  closed_reported: ["under_investigation", "closed_reported"],
};

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "AML transitions" });
});

const move = (caseId: string, toStatus: string) =>
  call("POST", `/v1/kyc-aml/cases/${caseId}/transition`, {
    key: t.key,
    body: { toStatus, actorId: "analyst-1" },
  });

describe("every AML case transition over HTTP", () => {
  it.each(STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const)))(
    "%s -> %s",
    async (from, to) => {
      const { customerId } = await customerWith(t, [
        { amountMinor: 5_000_000, transactionDate: ago(1), channel: "cash" },
      ]);
      const opened = await json<EvaluateBody>(
        await call("POST", "/v1/kyc-aml/evaluate", {
          key: t.key,
          body: { entityType: "customer", entityId: customerId, ruleIds: ["AML-LCT-001"] },
        }),
      );
      const caseId = opened.result.cases[0].caseId;
      // closed_reported needs a report on file (test/goaml/str.test.ts covers its absence).
      await fileReport(t, caseId);
      for (const step of PATH[from]) expect((await move(caseId, step)).status).toBe(200);
      const res = await move(caseId, to);
      if (ALLOWED[from].includes(to)) {
        expect(res.status).toBe(200);
        const body = await json<{
          case: { status: string };
          event: { fromStatus: string; toStatus: string };
        }>(res);
        expect(body.case.status).toBe(to);
        expect(body.event).toMatchObject({ fromStatus: from, toStatus: to });
      } else {
        expect(res.status).toBe(400);
        expect((await json<{ error: { code: string } }>(res)).error.code).toBe("invalid_transition");
      }
    },
  );
});
