import { customerWith } from "../aml/helpers";
import { caseBody } from "../fraud/helpers";
import { admin, call, json, shardRows, type TestTenant } from "../harness";

export interface WorkCase {
  id: string;
  status: string;
  createdAt: string;
  riskLevel: string;
  assignee: { id: string; name: string | null } | null;
  dueAt: string | null;
  strDueAt?: string | null;
  overdue: boolean;
  slaBreachedDueAt: string | null;
  tags: string[];
  outcome: string | null;
  closeRequest: { toStatus: string; outcome: string; actorId: string } | null;
}

/** One adapter per case kind, so every feature test runs for both. */
export interface Kind {
  name: "fraud" | "aml";
  base: string;
  /** A closing status and an open status it can be closed from. */
  close: string;
  open(t: TestTenant, level?: string): Promise<WorkCase>;
  get(t: TestTenant, id: string): Promise<WorkCase>;
  /** The case's log: [eventType, ...] in order. */
  log(t: TestTenant, id: string): Promise<Array<{ type: string; actorId: string }>>;
  chainValid(t: TestTenant, id: string): Promise<boolean>;
  closeAs(t: TestTenant, id: string, actorId: string, outcome?: string): Promise<Response>;
  table: string;
  idColumn: string;
}

const fraudCase = (c: Record<string, unknown>): WorkCase => ({
  ...(c as unknown as WorkCase),
  status: c.currentStatus as string,
  riskLevel: c.severity as string,
});

export const fraud: Kind = {
  name: "fraud",
  base: "/v1/fraud/cases",
  close: "closed_cleared",
  table: "fraud_case_heads",
  idColumn: "case_id",
  async open(t, level = "high") {
    const res = await call("POST", "/v1/fraud/cases", { key: t.key, body: caseBody({ severity: level }) });
    if (res.status !== 201) throw new Error(`open: ${res.status} ${await res.text()}`);
    return fraudCase((await json<{ case: Record<string, unknown> }>(res)).case);
  },
  async get(t, id) {
    return fraudCase(
      (
        await json<{ case: Record<string, unknown> }>(
          await call("GET", `/v1/fraud/cases/${id}`, { key: t.key }),
        )
      ).case,
    );
  },
  async log(t, id) {
    const body = await json<{ case: { events: Array<{ eventType: string; actorId: string }> } }>(
      await call("GET", `/v1/fraud/cases/${id}`, { key: t.key }),
    );
    return body.case.events.map((e) => ({ type: e.eventType, actorId: e.actorId }));
  },
  async chainValid(t, id) {
    return (await json<{ valid: boolean }>(await call("GET", `/v1/fraud/cases/${id}/verify`, { key: t.key })))
      .valid;
  },
  closeAs: (t, id, actorId, outcome) =>
    call("POST", `/v1/fraud/cases/${id}/events`, {
      key: t.key,
      body: {
        eventType: "closed",
        actorType: "user",
        actorId,
        newStatus: "closed_cleared",
        ...(outcome ? { outcome } : {}),
      },
    }),
};

export const aml: Kind = {
  name: "aml",
  base: "/v1/kyc-aml/cases",
  close: "closed_false_positive",
  table: "aml_cases",
  idColumn: "id",
  async open(t) {
    const { customerId } = await customerWith(t, [
      {
        amountMinor: 6_000_000,
        transactionDate: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        channel: "cash",
      },
    ]);
    const res = await call("POST", "/v1/kyc-aml/evaluate", {
      key: t.key,
      body: { entityType: "customer", entityId: customerId, ruleIds: ["AML-LCT-001"] },
    });
    const body = await json<{ result: { cases: Array<{ caseId: string }> } }>(res);
    return aml.get(t, body.result.cases[0].caseId);
  },
  async get(t, id) {
    return (await json<{ case: WorkCase }>(await call("GET", `/v1/kyc-aml/cases/${id}`, { key: t.key })))
      .case;
  },
  async log(t, id) {
    const body = await json<{ case: { history: Array<{ eventType: string; actorId: string }> } }>(
      await call("GET", `/v1/kyc-aml/cases/${id}`, { key: t.key }),
    );
    return body.case.history.map((e) => ({ type: e.eventType, actorId: e.actorId }));
  },
  async chainValid(t, id) {
    return (
      await json<{ case: { chainValid: boolean } }>(
        await call("GET", `/v1/kyc-aml/cases/${id}`, { key: t.key }),
      )
    ).case.chainValid;
  },
  closeAs: (t, id, actorId, outcome) =>
    call("POST", `/v1/kyc-aml/cases/${id}/transition`, {
      key: t.key,
      body: { toStatus: "closed_false_positive", actorId, ...(outcome ? { outcome } : {}) },
    }),
};

export const post = (t: TestTenant, path: string, body: unknown) => call("POST", path, { key: t.key, body });

export async function listIds(t: TestTenant, kind: Kind, query: string) {
  const body = await json<{ data: Array<{ id: string }> }>(
    await call("GET", `${kind.base}?limit=100&${query}`, { key: t.key }),
  );
  return body.data.map((c) => c.id).sort();
}

export const setSettings = (t: TestTenant, settings: Record<string, unknown>) =>
  admin("PATCH", `/admin/tenants/${t.id}`, { settings });

/** Test fixture: a stored due date moved (time cannot be travelled in workerd). */
export const moveDueAt = (t: TestTenant, kind: Kind, id: string, dueAt: string) =>
  shardRows(t, `UPDATE ${kind.table} SET due_at = ?1 WHERE ${kind.idColumn} = ?2`, dueAt, id);

export const outboxOf = (t: TestTenant, type: string) =>
  shardRows<{ id: string; data: string }>(
    t,
    "SELECT id, data FROM events WHERE tenant_id = ?1 AND type = ?2",
    t.id,
    type,
  );
