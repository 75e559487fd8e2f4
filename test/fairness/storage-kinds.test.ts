import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { jobs, USAGE_MEASURE_JOB } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { BYTES_PER_ROW } from "../../src/modules/usage/domain/quota";
import { deleteTenantObjects, putTenantObject } from "../../src/modules/usage/objects/service";
import { aml, fraud, post } from "../cases/helpers";
import { admin, call, createTenant, insertCustomer, json, shardRows, type TestTenant } from "../harness";
import { driveExport } from "../offboarding/helpers";
import { eventually, subscribe } from "../webhooks/helpers";
import { quotaLoan } from "./loans";

interface Usage {
  storage: {
    tables: Array<{ table: string; rows: number; estimatedBytes: number }>;
    objects: Array<{ kind: string; objects: number; bytes: number }>;
    measuredAt: string;
    estimatedBytes: number;
    quotaBytes: number;
    remainingBytes: number;
  };
}

const usage = async (t: TestTenant) => {
  const res = await call("GET", "/v1/usage", { key: t.key });
  expect(res.status).toBe(200);
  return (await json<Usage>(res)).storage;
};
const rowsOf = (u: Usage["storage"], table: string) => u.tables.find((x) => x.table === table)?.rows;
const objectsOf = (u: Usage["storage"], kind: string) => u.objects.find((x) => x.kind === kind);
/** Time passing for the measured counts: the saved ones become older than their 5 minutes. */
const ageMeasurement = (t: TestTenant) =>
  env.CONTROL_DB.prepare(
    "UPDATE tenant_row_usage SET measured_at = '2000-01-01T00:00:00.000Z' WHERE tenant_id = ?1",
  )
    .bind(t.id)
    .run();
/** Time passing, then the recount a request would queue, run here. */
const recount = async (t: TestTenant) => {
  await ageMeasurement(t);
  await jobHandlers[USAGE_MEASURE_JOB](env, jobs.usageMeasure(t.id, new Date().toISOString()));
};
const countOn = async (t: TestTenant, table: string) =>
  (await shardRows<{ n: number }>(t, `SELECT count(*) AS n FROM "${table}" WHERE tenant_id = ?1`, t.id))[0].n;
const upload = (t: TestTenant, caseId: string, text: string) =>
  call("POST", `/v1/fraud/cases/${caseId}/files?filename=evidence.txt&actorId=analyst`, {
    key: t.key,
    body: text,
    headers: { "content-type": "text/plain" },
  });
const ingestLoans = (t: TestTenant, loans: unknown[]) =>
  call("POST", "/v1/ingest/loans", { key: t.key, body: loans });

describe("storage quotas count everything a tenant stores", () => {
  it("counts loans, case logs, outbox events and R2 objects in GET /v1/usage", async () => {
    const t = await createTenant();
    await insertCustomer(t, { externalSource: "core", externalId: "C1" });
    await subscribe(t, "https://hooks.example.com/in");
    const start = await usage(t);
    for (const table of ["loans", "loan_installments", "fraud_case_events", "aml_case_history", "events"])
      expect(rowsOf(start, table), table).toBe(0);
    expect(start.objects.every((o) => o.objects === 0 && o.bytes === 0)).toBe(true);

    expect((await ingestLoans(t, [quotaLoan("L1"), quotaLoan("L2")])).status).toBe(200);
    const fraudCase = await fraud.open(t);
    expect(
      (await post(t, `/v1/fraud/cases/${fraudCase.id}/notes`, { content: "seen", actorId: "a" })).status,
    ).toBe(201);
    const amlCase = await aml.open(t);
    expect(
      (await post(t, `/v1/kyc-aml/cases/${amlCase.id}/notes`, { content: "seen", actorId: "a" })).ok,
    ).toBe(true);

    // Within five minutes of the last count the measured tables show the saved figures.
    const cached = await usage(t);
    expect(rowsOf(cached, "loans")).toBe(0);
    expect(cached.measuredAt).toBe(start.measuredAt);

    // The outbox fans the new events out to the subscription on its own queue.
    const events = await countOn(t, "events");
    await eventually(
      () => countOn(t, "webhook_deliveries"),
      (n) => n === events, // one delivery per event: the subscription takes every type
    );
    await recount(t);
    const after = await usage(t);
    for (const table of [
      "loans",
      "loan_installments",
      "fraud_case_events",
      "aml_case_history",
      "events",
      "webhook_deliveries",
    ]) {
      const stored = await countOn(t, table);
      expect(stored, table).toBeGreaterThan(0);
      expect(rowsOf(after, table), table).toBe(stored);
    }
    expect(rowsOf(after, "loans")).toBe(2);
    const measuredBytes = after.tables.reduce(
      (n, x) => n + x.rows * BYTES_PER_ROW[x.table as keyof typeof BYTES_PER_ROW],
      0,
    );
    expect(after.estimatedBytes).toBe(measuredBytes); // no objects yet

    // R2: a case file, exactly its bytes; an operator's export, exactly its parts' bytes.
    const evidence = "x".repeat(5_000);
    expect((await upload(t, fraudCase.id, evidence)).status).toBe(201);
    const withFile = await usage(t);
    expect(objectsOf(withFile, "case_files")).toEqual({ kind: "case_files", objects: 1, bytes: 5_000 });
    expect(withFile.estimatedBytes).toBe(
      after.estimatedBytes + 5_000 + (withFile.estimatedBytes - after.estimatedBytes - 5_000),
    );
    const requested = await json<{ export: { id: string } }>(
      await admin("POST", `/admin/tenants/${t.id}/exports`),
    );
    await driveExport(t, requested.export.id);
    const listed = await env.FILES.list({ prefix: `tenants/${t.id}/exports/${requested.export.id}/` });
    const exportBytes = listed.objects.reduce((n, o) => n + o.size, 0);
    expect(listed.objects.length).toBeGreaterThan(1);
    const withExport = await usage(t);
    expect(objectsOf(withExport, "exports")).toEqual({
      kind: "exports",
      objects: listed.objects.length,
      bytes: exportBytes,
    });
    const tableBytes = withExport.tables.reduce((n, x) => n + x.estimatedBytes, 0);
    expect(withExport.estimatedBytes).toBe(tableBytes + 5_000 + exportBytes);
  });

  it("counts an overwritten object once, at its new size, and a deleted one no more", async () => {
    const t = await createTenant();
    const key = `tenants/${t.id}/rules/backtests/run-1.json`;
    await putTenantObject(env, t.id, key, "a".repeat(300));
    await putTenantObject(env, t.id, key, "b".repeat(120)); // a run document saved again, smaller
    expect(objectsOf(await usage(t), "backtests")).toEqual({ kind: "backtests", objects: 1, bytes: 120 });
    await putTenantObject(env, t.id, `tenants/${t.id}/rules/backtests/run-2.json`, "c".repeat(80));
    await deleteTenantObjects(env, t.id, [{ key, size: 120 }]);
    expect(await env.FILES.head(key)).toBeNull();
    expect(objectsOf(await usage(t), "backtests")).toEqual({ kind: "backtests", objects: 1, bytes: 80 });
    // Another tenant's key is refused before anything is written.
    await expect(putTenantObject(env, t.id, "tenants/someone-else/reports/x.pdf", "x")).rejects.toThrow(
      /outside/,
    );
  });

  it("refuses with 403 storage_quota_exceeded a case file or a loan batch past the quota, storing nothing", async () => {
    const t = await createTenant();
    await insertCustomer(t, { externalSource: "core", externalId: "C1" });
    const fraudCase = await fraud.open(t);
    const used = (await usage(t)).estimatedBytes;
    // Room for 1,000 bytes of files, or for no loan at all.
    const quota = used + 1_000;
    expect(
      (await admin("PATCH", `/admin/tenants/${t.id}`, { settings: { storageQuotaBytes: quota } })).status,
    ).toBe(200);

    const refused = await upload(t, fraudCase.id, "y".repeat(1_001));
    expect(refused.status).toBe(403);
    expect((await json<{ error: { code: string } }>(refused)).error.code).toBe("storage_quota_exceeded");
    expect((await env.FILES.list({ prefix: `tenants/${t.id}/case-files/` })).objects).toEqual([]);
    expect(await countOn(t, "case_files")).toBe(0);
    expect((await upload(t, fraudCase.id, "y".repeat(1_000))).status).toBe(201); // fills it exactly

    const loans = await ingestLoans(t, [quotaLoan("L1")]);
    expect(loans.status).toBe(403);
    expect((await json<{ error: { code: string } }>(loans)).error.code).toBe("storage_quota_exceeded");
    expect(await countOn(t, "loans")).toBe(0);
  });

  it("counts case logs in the quota an ingest is checked against", async () => {
    const t = await createTenant();
    const fraudCase = await fraud.open(t);
    for (let i = 0; i < 3; i++)
      expect(
        (await post(t, `/v1/fraud/cases/${fraudCase.id}/notes`, { content: `n${i}`, actorId: "a" })).status,
      ).toBe(201);
    await recount(t);
    const figures = await usage(t);
    const caseLog = (rowsOf(figures, "fraud_case_events") ?? 0) * BYTES_PER_ROW.fraud_case_events;
    expect(caseLog).toBeGreaterThanOrEqual(4 * BYTES_PER_ROW.fraud_case_events);
    // One customer fits the quota on its own, but not on top of the case log.
    const quota = figures.estimatedBytes + BYTES_PER_ROW.customers - 1;
    expect(quota).toBeGreaterThan(BYTES_PER_ROW.customers);
    expect(
      (await admin("PATCH", `/admin/tenants/${t.id}`, { settings: { storageQuotaBytes: quota } })).status,
    ).toBe(200);
    const refused = await call("POST", "/v1/ingest/customers", {
      key: t.key,
      body: [{ externalSource: "core", externalId: "c1", name: "Akua", type: "individual" }],
    });
    expect(refused.status).toBe(403);
    expect(await countOn(t, "customers")).toBe(0);
  });
});
