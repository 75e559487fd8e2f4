import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { FLOWS_BACKFILL_JOB, type JobMessage } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { runBackfillStep } from "../../src/modules/data/flows/service";
import {
  call,
  createTenant,
  insertAccount,
  insertCustomer,
  insertTransactions,
  json,
  shardRows,
  type TestTenant,
} from "../harness";

/**
 * Flow classes at ingest (category, own accounts, matching legs, loan links), the ?flow= filter,
 * the tenant's mapping and the key-range backfill. Every count is of this file's own tenants.
 */
const DAY = 86_400_000;
const TODAY = new Date().toISOString().slice(0, 10);
const at = (days: number, hour = 10) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) + days * DAY + hour * 3_600_000).toISOString();
const day = (days: number) => at(days).slice(0, 10);

interface Tx {
  externalId: string;
  flow: string | null;
}
const post = (t: TestTenant, path: string, body: unknown) => call("POST", path, { key: t.key, body });
const flowsOf = async (t: TestTenant, query = "") => {
  const res = await call("GET", `/v1/transactions?limit=100${query}`, { key: t.key });
  expect(res.status).toBe(200);
  const body = await json<{ data: Tx[] }>(res);
  return Object.fromEntries(body.data.map((tx) => [tx.externalId, tx.flow]));
};

/** A transaction record on account A1 unless said otherwise. */
const tx = (externalId: string, fields: Record<string, unknown>) => ({
  externalId,
  externalSource: "core",
  accountExternalId: "A1",
  currency: "GHS",
  transactionDate: at(-1),
  ...fields,
});

// [externalId, record fields, expected flow at ingest, why]
const CASES: Array<[string, Record<string, unknown>, string]> = [
  ["SALE", { type: "credit", amount: "300.00", description: "Shop takings" }, "revenue"],
  ["REFUND", { type: "credit", amount: "20.00", category: "Refund" }, "refund"],
  // Two legs between A1 and A2, two hours apart: both are own transfers.
  ["LEG-OUT", { type: "debit", amount: "1000.00", transactionDate: at(-3, 10) }, "own_transfer"],
  [
    "LEG-IN",
    { type: "credit", amount: "1000.00", accountExternalId: "A2", transactionDate: at(-3, 12) },
    "own_transfer",
  ],
  // Same amount two days later: outside the 24-hour window, so a plain expense.
  ["LATER", { type: "debit", amount: "1000.00", transactionDate: at(-1) }, "expense"],
  ["FROM-A2", { type: "credit", amount: "250.00", counterpartyAccount: "A2" }, "own_transfer"],
  // The loan's principal, credited the day after its disbursement date: a loan disbursement.
  ["DISBURSED", { type: "credit", amount: "5000.00", transactionDate: at(-4) }, "loan_disbursement"],
  ["POS", { type: "debit", amount: "80.00", category: "POS-SETTLE" }, "expense"],
];

let t: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTenant({ name: "Flows", shard: 0, settings: { currency: "GHS" } });
  other = await createTenant({ name: "Other flows", shard: 0, settings: { currency: "GHS" } });
  expect(
    (await post(t, "/v1/ingest/customers", [{ externalId: "C1", externalSource: "core", name: "Ama Foods" }]))
      .status,
  ).toBe(200);
  const accounts = ["A1", "A2"].map((id) => ({
    externalId: id,
    externalSource: "core",
    customerExternalId: "C1",
    currency: "GHS",
    currentBalance: "100.00",
  }));
  expect(await json(await post(t, "/v1/ingest/accounts", accounts))).toMatchObject({
    recordsWritten: 2,
    errors: [],
  });
  const loan = {
    externalId: "L1",
    externalSource: "core",
    customerExternalId: "C1",
    product: "micro",
    principal: "5000.00",
    interestRate: "24",
    termCount: 1,
    disbursementDate: day(-5),
    currency: "GHS",
    schedule: [{ dueDate: day(60), principal: "5000.00", interest: "0", fee: "0" }],
  };
  expect(await json(await post(t, "/v1/ingest/loans", [loan]))).toMatchObject({
    recordsWritten: 1,
    errors: [],
  });
  const res = await post(
    t,
    "/v1/ingest/transactions",
    CASES.map(([id, fields]) => tx(id, fields)),
  );
  expect(await json(res)).toMatchObject({ recordsWritten: CASES.length, errors: [] });
});

describe("flow classification at ingest", () => {
  it("stores each transaction's flow, shown on the Transaction resource", async () => {
    expect(await flowsOf(t)).toEqual(Object.fromEntries(CASES.map(([id, , flow]) => [id, flow])));
  });

  it("filters by flow, within the tenant", async () => {
    const own = CASES.filter(([, , flow]) => flow === "own_transfer").map(([id]) => id);
    expect(Object.keys(await flowsOf(t, "&flow=own_transfer")).sort()).toEqual(own.sort());
    expect(await flowsOf(other, "&flow=own_transfer")).toEqual({});
    expect((await call("GET", "/v1/transactions?flow=profit", { key: t.key })).status).toBe(400);
  });
});

describe("flow classification at ingest, a customer with one account", () => {
  // No opposite leg is possible, so a new row is stored with its flow as it is inserted; a row
  // sent again with other fields is classified again on what is stored.
  it("stores each flow, and classifies a changed row again, an unchanged one as it was", async () => {
    const o = await createTenant({ name: "One account", shard: 1, settings: { currency: "GHS" } });
    const customers = [{ externalId: "C2", externalSource: "core", name: "Kofi Stores" }];
    expect(await json(await post(o, "/v1/ingest/customers", customers))).toMatchObject({ errors: [] });
    const account = {
      externalId: "A3",
      externalSource: "core",
      customerExternalId: "C2",
      currency: "GHS",
      currentBalance: "100.00",
    };
    expect(await json(await post(o, "/v1/ingest/accounts", [account]))).toMatchObject({ errors: [] });
    const loan = {
      externalId: "L2",
      externalSource: "core",
      customerExternalId: "C2",
      product: "micro",
      principal: "700.00",
      interestRate: "24",
      termCount: 1,
      disbursementDate: day(-5),
      currency: "GHS",
      schedule: [{ dueDate: day(60), principal: "700.00", interest: "0", fee: "0" }],
    };
    expect(await json(await post(o, "/v1/ingest/loans", [loan]))).toMatchObject({ errors: [] });
    const on = (id: string, fields: Record<string, unknown>) =>
      tx(id, { accountExternalId: "A3", ...fields });
    const sent = [
      on("C2-LOAN", { type: "credit", amount: "700.00", transactionDate: at(-4) }),
      on("C2-FEE", { type: "debit", amount: "5.00", category: "Fee" }),
      on("C2-SALE", { type: "credit", amount: "40.00", description: "Shop takings" }),
      on("C2-CASH", { type: "debit", amount: "60.00" }),
    ];
    expect(await json(await post(o, "/v1/ingest/transactions", sent))).toMatchObject({
      recordsWritten: 4,
      errors: [],
    });
    expect(await flowsOf(o)).toEqual({
      "C2-LOAN": "loan_disbursement",
      "C2-FEE": "fee",
      "C2-SALE": "revenue",
      "C2-CASH": "expense",
    });

    // The fee re-sent as a refund, the rest as they were.
    const again = [
      sent[0],
      on("C2-FEE", { type: "debit", amount: "5.00", category: "Refund" }),
      ...sent.slice(2),
    ];
    expect(await json(await post(o, "/v1/ingest/transactions", again))).toMatchObject({
      recordsWritten: 4,
      errors: [],
    });
    expect(await flowsOf(o)).toEqual({
      "C2-LOAN": "loan_disbursement",
      "C2-FEE": "refund",
      "C2-SALE": "revenue",
      "C2-CASH": "expense",
    });
  });
});

describe("tenant flow mapping", () => {
  it("refuses two entries that name one category once normalised, and writes nothing", async () => {
    const res = await call("PUT", "/v1/settings/flow-mapping", {
      key: t.key,
      body: {
        entries: [
          { category: "POS-SETTLE", flow: "fee" },
          { category: "pos settle", flow: "fee" },
        ],
      },
    });
    expect(res.status).toBe(400);
    const body = await json<{ error: { details: { path: string }[] } }>(res);
    expect(body.error.details.map((d) => d.path)).toEqual(["entries.1.category"]);
    const got = await json<{ data: { entries: unknown[] } }>(
      await call("GET", "/v1/settings/flow-mapping", { key: t.key }),
    );
    expect(got.data.entries).toEqual([]);
  });

  it("maps a category: audited, announced, applied by the backfill and at ingest", async () => {
    const res = await call("PUT", "/v1/settings/flow-mapping", {
      key: t.key,
      body: { entries: [{ category: "POS-SETTLE", flow: "fee" }] },
    });
    expect(res.status).toBe(200);
    const put = await json<{
      data: { entries: unknown[]; backfill: { id: string; reason: string; total: number } };
    }>(res);
    expect(put.data.entries).toEqual([{ category: "pos_settle", flow: "fee" }]);
    expect(put.data.backfill).toMatchObject({ reason: "mapping_changed", total: CASES.length });

    const audit = await shardRows<{ after: string }>(
      t,
      "SELECT after FROM tenant_audit_log WHERE tenant_id = ? AND action = 'flow_mapping.updated'",
      t.id,
    );
    expect(audit.map((a) => JSON.parse(a.after))).toEqual([
      { entries: [{ category: "pos_settle", flow: "fee" }] },
    ]);
    const events = await shardRows<{ data: string }>(
      t,
      "SELECT data FROM events WHERE tenant_id = ? AND type = 'flow_mapping.updated'",
      t.id,
    );
    expect(events.map((e) => JSON.parse(e.data).backfillId)).toEqual([put.data.backfill.id]);

    const message = {
      type: FLOWS_BACKFILL_JOB,
      tenantId: t.id,
      backfillId: put.data.backfill.id,
    } as JobMessage;
    await jobHandlers[FLOWS_BACKFILL_JOB](env, message);
    const after = await json<{ data: { backfill: { status: string; scanned: number; changed: number } } }>(
      await call("GET", "/v1/settings/flow-mapping", { key: t.key }),
    );
    // One row changed (POS); every row was read once, however the queue also delivered the message.
    expect(after.data.backfill).toMatchObject({ status: "completed", scanned: CASES.length, changed: 1 });
    expect((await flowsOf(t)).POS).toBe("fee");

    await post(t, "/v1/ingest/transactions", [
      tx("POS-2", { type: "debit", amount: "15.00", category: "pos settle" }),
    ]);
    expect((await flowsOf(t))["POS-2"]).toBe("fee");
  });
});

describe("backfill of rows stored without a flow", () => {
  it("the daily sweep starts one; it pages by key range, writes no monitoring work, and stops once done", async () => {
    const b = await createTenant({ name: "Backfill", shard: 0 });
    const customer = await insertCustomer(b);
    const account = await insertAccount(b, customer.id!);
    // Stored directly, as before migration 0036: no flow. Two refunds among them.
    const rows = await insertTransactions(
      b,
      { id: account.id!, customerId: customer.id! },
      Array.from({ length: 7 }, (_, i) => ({
        type: i % 2 === 0 ? ("credit" as const) : ("debit" as const),
        amountMinor: 1_000 + i,
        transactionDate: at(-i),
        category: i === 2 || i === 4 ? "refund" : null,
      })),
    );
    const generation = async () =>
      (
        await shardRows<{ g: number }>(
          b,
          "SELECT SUM(generation) AS g FROM monitoring_pending WHERE tenant_id = ?",
          b.id,
        )
      )[0].g;
    const before = await generation();

    const sent: JobMessage[] = [];
    const recording = {
      ...env,
      JOBS_QUEUE: { send: async (m: JobMessage) => void sent.push(m) },
    } as unknown as typeof env;
    await jobHandlers[FLOWS_BACKFILL_JOB](recording, {
      type: FLOWS_BACKFILL_JOB,
      tenantId: b.id,
    } as JobMessage);
    expect(sent).toHaveLength(1);
    const backfillId = (sent[0] as { backfillId: string }).backfillId;

    // Pages of 3 rows, one page per step: 3 + 3 + 1, the short page ends it.
    const ctx = await loadTenantContext(env, b.id, "test");
    const size = { page: 3, pages: 1 };
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(await runBackfillStep(ctx, backfillId, size));
    expect(outcomes).toEqual(["continue", "continue", "done"]);
    expect(await runBackfillStep(ctx, backfillId, size)).toBe("stale");

    const stored = await shardRows<{ id: string; flow: string }>(
      b,
      "SELECT id, flow FROM transactions WHERE tenant_id = ?",
      b.id,
    );
    const expected = (i: number) => (i === 2 || i === 4 ? "refund" : i % 2 === 0 ? "revenue" : "expense");
    expect(Object.fromEntries(stored.map((r) => [r.id, r.flow]))).toEqual(
      Object.fromEntries(rows.map((r, i) => [r.id, expected(i)])),
    );
    const state = await json<{ data: { backfill: Record<string, unknown> } }>(
      await call("GET", "/v1/settings/flow-mapping", { key: b.key }),
    );
    expect(state.data.backfill).toMatchObject({
      status: "completed",
      reason: "unclassified",
      scanned: 7,
      changed: 7,
      total: 7,
    });
    expect(await generation()).toBe(before);

    // Nothing left without a flow: the next sweep has nothing to start.
    sent.length = 0;
    await jobHandlers[FLOWS_BACKFILL_JOB](recording, {
      type: FLOWS_BACKFILL_JOB,
      tenantId: b.id,
    } as JobMessage);
    expect(sent).toEqual([]);
  });
});
