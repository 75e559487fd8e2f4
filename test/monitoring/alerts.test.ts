import { beforeAll, describe, expect, it } from "vitest";
import type { MonitoringAlertRow } from "../../src/db/shard/monitoring";
import { call, createKey, createTenant, insertCustomer, json, type TestTenant } from "../harness";
import { insertAlert } from "./alert-fixtures";

/** Issue 15: stored alerts listed with filters (GET /v1/monitoring/alerts, GET /v1/fraud/alerts). */
interface Page<T> {
  data: T[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean; nextCursor: string | null };
}
interface Alert {
  alertId: string;
  kind: string;
  trigger: string;
  ruleIds: string[];
  ruleSet: { kind: string; version: number; hash: string };
  cases: unknown[];
  detail: Record<string, unknown>;
}

const BASE = Date.now() - 3_600_000;
const minute = (i: number) => new Date(BASE + i * 60_000).toISOString();

let t: TestTenant;
let other: TestTenant;
let rows: MonitoringAlertRow[];
let fraudDetail: Record<string, unknown>;

const get = async (path: string, key = t.key) => {
  const res = await call("GET", path, { key });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<Page<Alert>>(res);
};
const newestFirst = (list: MonitoringAlertRow[]) =>
  [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((r) => r.id);

beforeAll(async () => {
  t = await createTenant({ name: "Alert lists", shard: 1 });
  other = await createTenant({ name: "Alert lists, other tenant", shard: 1 });
  // A real FraudAlert as the evaluation answers it, so the stored detail has the contract's shape.
  const customer = await insertCustomer(t);
  const evaluated = await call("POST", "/v1/fraud/evaluate", {
    key: t.key,
    body: { entityType: "customer", entityId: customer.id },
  });
  fraudDetail = (await json<{ alert: Record<string, unknown> }>(evaluated)).alert;
  const entity = customer.id!;
  const specs = [
    {
      kind: "fraud",
      ruleIds: ["velocity_count", "just_under_threshold"],
      severity: "high",
      trigger: "arrival",
    },
    {
      kind: "fraud",
      ruleIds: ["velocity_count"],
      severity: "medium",
      trigger: "schedule",
      ruleSetVersion: 2,
    },
    {
      kind: "fraud",
      ruleIds: ["round_amounts"],
      severity: "low",
      trigger: "on_demand",
      entityType: "account",
    },
    {
      kind: "fraud",
      ruleIds: ["velocity_count"],
      severity: "critical",
      trigger: "arrival",
      entityId: entity,
    },
    { kind: "aml", ruleIds: ["AML-LCT-001"], severity: "high", trigger: "arrival", entityId: entity },
    { kind: "aml", ruleIds: ["AML-LCT-001", "AML-VEL-004"], severity: "critical", trigger: "schedule" },
    { kind: "aml", ruleIds: ["AML-VEL-004"], severity: "medium", trigger: "schedule", ruleSetVersion: 2 },
    {
      kind: "aml",
      ruleIds: ["AML-GEO-006"],
      severity: "high",
      trigger: "on_demand",
      entityType: "counterparty",
    },
    {
      kind: "fraud",
      ruleIds: ["velocity_count"],
      severity: "high",
      trigger: "pre_transaction",
      ruleSetVersion: 2,
    },
    { kind: "aml", ruleIds: ["AML-LCT-001"], severity: "low", trigger: "arrival", entityId: entity },
    {
      kind: "fraud",
      ruleIds: ["just_under_threshold"],
      severity: "medium",
      trigger: "schedule",
      entityId: entity,
    },
    { kind: "aml", ruleIds: ["AML-VEL-004"], severity: "high", trigger: "arrival", entityType: "agent" },
  ] as const;
  rows = [];
  for (const [i, s] of specs.entries()) {
    const detail = s.kind === "fraud" ? { ...fraudDetail, severity: s.severity } : { triggeredRules: [] };
    rows.push(await insertAlert(t, { ...s, ruleIds: [...s.ruleIds], detail, createdAt: minute(i) }));
  }
  await insertAlert(other, {
    kind: "fraud",
    ruleIds: ["velocity_count"],
    severity: "high",
    entityId: entity,
  });
});

describe("GET /v1/monitoring/alerts", () => {
  it("lists the tenant's alerts newest first, in the documented shape", async () => {
    const page = await get("/v1/monitoring/alerts?limit=500");
    expect(page.data.map((a) => a.alertId)).toEqual(newestFirst(rows));
    expect(page.pagination).toEqual({
      total: rows.length,
      limit: 500,
      offset: 0,
      hasMore: false,
      nextCursor: null,
    });
    const first = page.data.find((a) => a.alertId === rows[1].id)!;
    expect(first).toMatchObject({
      kind: "fraud",
      trigger: "schedule",
      ruleIds: ["velocity_count"],
      ruleSet: { kind: "fraud", version: 2, hash: rows[1].ruleSetHash },
      cases: [],
    });
  });

  const entityOf = () => rows[3].entityId;
  const cases: Array<[string, () => string, (r: MonitoringAlertRow) => boolean]> = [
    ["kind", () => "kind=aml", (r) => r.kind === "aml"],
    ["ruleId", () => "ruleId=velocity_count", (r) => r.ruleIds.includes("velocity_count")],
    ["ruleId (AML)", () => "ruleId=AML-LCT-001", (r) => r.ruleIds.includes("AML-LCT-001")],
    ["ruleSetVersion", () => "ruleSetVersion=2", (r) => r.ruleSetVersion === 2],
    ["severity", () => "severity=high", (r) => r.severity === "high"],
    ["entityType", () => "entityType=account", (r) => r.entityType === "account"],
    [
      "entityType and entityId",
      () => `entityType=customer&entityId=${entityOf()}`,
      (r) => r.entityType === "customer" && r.entityId === entityOf(),
    ],
    ["trigger", () => "trigger=schedule", (r) => r.trigger === "schedule"],
    ["trigger pre_transaction", () => "trigger=pre_transaction", (r) => r.trigger === "pre_transaction"],
    [
      "from and to",
      () => `from=${minute(3)}&to=${minute(7)}`,
      (r) => r.createdAt >= minute(3) && r.createdAt <= minute(7),
    ],
    [
      "ruleId with from, kind and severity",
      () => `ruleId=velocity_count&kind=fraud&severity=high&from=${minute(1)}`,
      (r) =>
        r.ruleIds.includes("velocity_count") &&
        r.kind === "fraud" &&
        r.severity === "high" &&
        r.createdAt >= minute(1),
    ],
    [
      "ruleId and entity",
      () => `ruleId=AML-LCT-001&entityType=customer&entityId=${entityOf()}`,
      (r) => r.ruleIds.includes("AML-LCT-001") && r.entityId === entityOf(),
    ],
  ];
  it.each(cases)("the %s filter narrows the list to the matching alerts", async (_name, query, matches) => {
    const expected = rows.filter(matches);
    // A filter that keeps everything or nothing would prove nothing.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(rows.length);
    const page = await get(`/v1/monitoring/alerts?${query()}`);
    expect(page.data.map((a) => a.alertId)).toEqual(newestFirst(expected));
    expect(page.pagination.total).toBe(expected.length);
  });

  it("pages through the list without gaps or repeats", async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < rows.length; offset += 5) {
      const page = await get(`/v1/monitoring/alerts?limit=5&offset=${offset}`);
      expect(page.pagination).toEqual({
        total: rows.length,
        limit: 5,
        offset,
        hasMore: offset + 5 < rows.length,
        nextCursor: offset + 5 < rows.length ? expect.any(String) : null,
      });
      seen.push(...page.data.map((a) => a.alertId));
    }
    expect(seen).toEqual(newestFirst(rows));
    // The rule-driven path pages the same way.
    const byRule = newestFirst(rows.filter((r) => r.ruleIds.includes("velocity_count")));
    const second = await get("/v1/monitoring/alerts?ruleId=velocity_count&limit=2&offset=2");
    expect(second.data.map((a) => a.alertId)).toEqual(byRule.slice(2, 4));
    expect(second.pagination).toMatchObject({ total: byRule.length, hasMore: byRule.length > 4 });
  });

  it("filters by status and shows a withdrawal: why, when, which rules", async () => {
    const own = await createTenant({ name: "Alert lists, withdrawn", shard: 1 });
    const withdrawal = {
      reason: "late_history",
      at: minute(3),
      asOf: minute(1),
      lateFrom: minute(-90),
      ruleIds: ["AML-FIN-008"],
      raisedNow: [],
    };
    const open = await insertAlert(own, { kind: "aml", ruleIds: ["AML-LCT-001"], createdAt: minute(1) });
    const gone = await insertAlert(own, {
      kind: "aml",
      ruleIds: ["AML-FIN-008"],
      status: "withdrawn",
      detail: { triggeredRules: [], withdrawal },
      createdAt: minute(2),
    });
    const ids = async (query: string) =>
      (await get(`/v1/monitoring/alerts${query}`, own.key)).data.map((a) => a.alertId);
    expect(await ids("?status=withdrawn")).toEqual([gone.id]);
    expect(await ids("?status=open")).toEqual([open.id]);
    expect(await ids("")).toEqual([gone.id, open.id]);
    expect(await ids("?status=withdrawn&ruleId=AML-FIN-008")).toEqual([gone.id]);
    expect(await ids("?status=open&ruleId=AML-FIN-008")).toEqual([]);
    const res = await call("GET", `/v1/monitoring/alerts/${gone.id}`, { key: own.key });
    expect(await json<{ alert: unknown }>(res)).toMatchObject({ alert: { status: "withdrawn", withdrawal } });
    const bad = await call("GET", "/v1/monitoring/alerts?status=closed", { key: own.key });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("status");
  });

  it("never shows another tenant's alerts; getting one is a 404", async () => {
    const foreign = await get("/v1/monitoring/alerts?limit=500", other.key);
    expect(foreign.data).toHaveLength(1);
    expect(foreign.data.map((a) => a.alertId)).not.toContain(rows[0].id);
    const res = await call("GET", `/v1/monitoring/alerts/${rows[0].id}`, { key: other.key });
    expect(res.status).toBe(404);
    const mine = await call("GET", `/v1/monitoring/alerts/${foreign.data[0].alertId}`, { key: t.key });
    expect(mine.status).toBe(404);
  });

  it("gets one alert by id", async () => {
    const res = await call("GET", `/v1/monitoring/alerts/${rows[4].id}`, { key: t.key });
    expect(res.status).toBe(200);
    const { alert } = await json<{ alert: Alert }>(res);
    expect(alert).toMatchObject({
      alertId: rows[4].id,
      kind: "aml",
      ruleIds: ["AML-LCT-001"],
      detail: rows[4].detail,
    });
  });

  it("a key without fraud:read sees only AML alerts; one without aml:read is refused", async () => {
    const amlOnly = await createKey(t.id, ["aml:read"]);
    const page = await get("/v1/monitoring/alerts?limit=500", amlOnly.key);
    expect(page.data.map((a) => a.alertId)).toEqual(newestFirst(rows.filter((r) => r.kind === "aml")));
    expect((await get("/v1/monitoring/alerts?kind=fraud", amlOnly.key)).data).toEqual([]);
    expect((await call("GET", `/v1/monitoring/alerts/${rows[0].id}`, { key: amlOnly.key })).status).toBe(404);
    const fraudOnly = await createKey(t.id, ["fraud:read"]);
    expect((await call("GET", "/v1/monitoring/alerts", { key: fraudOnly.key })).status).toBe(403);
  });

  it.each([
    ["entityId=x", "entityType"],
    [`from=${minute(5)}&to=${minute(1)}`, "to"],
    ["trigger=cron", "trigger"],
    ["severity=severe", "severity"],
    ["kind=kyc", "kind"],
    ["ruleSetVersion=0", "ruleSetVersion"],
    ["from=yesterday", "from"],
  ])("refuses %s with a 400 naming %s", async (query, field) => {
    const res = await call("GET", `/v1/monitoring/alerts?${query}`, { key: t.key });
    expect(res.status).toBe(400);
    const body = await json<{ error: { details: Array<{ path: string }> } }>(res);
    expect(body.error.details.map((d) => d.path)).toContain(field);
  });
});

describe("GET /v1/fraud/alerts", () => {
  it("returns the stored fraud alerts as FraudAlerts with trigger and cases, filtered and paged", async () => {
    const fraudOnly = await createKey(t.id, ["fraud:read"]);
    const res = await call("GET", "/v1/fraud/alerts?limit=500", { key: fraudOnly.key });
    expect(res.status).toBe(200);
    const body = await json<{ alerts: Array<Record<string, unknown>>; pagination: { total: number } }>(res);
    const fraud = rows.filter((r) => r.kind === "fraud");
    expect(body.alerts.map((a) => a.alertId)).toEqual(newestFirst(fraud));
    expect(body.pagination.total).toBe(fraud.length);
    const one = body.alerts.find((a) => a.alertId === rows[1].id)!;
    expect(one).toMatchObject({
      overallScore: fraudDetail.overallScore,
      isAdvisoryOnly: true,
      trigger: "schedule",
      cases: [],
    });
    const filtered = await json<{ alerts: Array<{ alertId: string }> }>(
      await call("GET", "/v1/fraud/alerts?severity=high&trigger=arrival", { key: fraudOnly.key }),
    );
    const expected = fraud.filter((r) => r.severity === "high" && r.trigger === "arrival");
    expect(expected.length).toBeGreaterThan(0);
    expect(filtered.alerts.map((a) => a.alertId)).toEqual(newestFirst(expected));
  });

  it("is empty for a tenant with no stored alerts", async () => {
    const fresh = await createTenant({ name: "No alerts" });
    const body = await json<{ alerts: unknown[]; pagination: { total: number } }>(
      await call("GET", "/v1/fraud/alerts", { key: fresh.key }),
    );
    expect(body.alerts).toEqual([]);
    expect(body.pagination.total).toBe(0);
  });
});
