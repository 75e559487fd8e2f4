import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { systemShardBinding } from "../../src/db/system-db";
import { loadTenantContext } from "../../src/db/tenant-context";
import { jobs } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { resumeStalledSyncs, startSync } from "../../src/modules/ingest/sync/service";
import { call, createTenant, holdJobSlots, json, type TestTenant } from "../harness";

interface SyncBody {
  success: boolean;
  syncStatus: {
    runId: string;
    status: string;
    recordsWritten: {
      customers: number;
      accounts: number;
      transactions: number;
      agents: number;
      loans: number;
      loanRepayments: number;
    };
    errors: string[];
    filesLoaded: string[];
  };
}

const prefix = (t: TestTenant) => `tenants/${t.id}/imports/core_banking/`;
const put = (t: TestTenant, name: string, body: string) => env.FILES.put(`${prefix(t)}${name}`, body);
const sync = async (t: TestTenant) => {
  const res = await call("POST", "/v1/sync/core_banking", { key: t.key });
  return { status: res.status, ...(await json<SyncBody>(res)) };
};
const ndjson = (rows: unknown[]) => `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`;

async function waitForRun(t: TestTenant, runId: string) {
  for (let i = 0; i < 100; i++) {
    const body = await json<SyncBody>(await call("GET", `/v1/sync/runs/${runId}`, { key: t.key }));
    if (body.syncStatus.status !== "running") return body.syncStatus;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("run did not finish");
}

let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant({ name: "Export sync", shard: 0 });
});

describe("POST /v1/sync/core_banking with export files", () => {
  it("answers zero counts when there are no files", async () => {
    const res = await sync(tenant);
    expect(res.status).toBe(200);
    expect(res.syncStatus).toMatchObject({
      status: "succeeded",
      recordsWritten: { customers: 0, accounts: 0, transactions: 0, agents: 0, loans: 0, loanRepayments: 0 },
      errors: [],
      filesLoaded: [],
    });
  });

  it("loads each file once, in dependency order, reporting bad records and odd files", async () => {
    await put(
      tenant,
      "transactions-2026-01.ndjson",
      ndjson([
        {
          externalId: "T1",
          externalSource: "cbs",
          accountExternalId: "A1",
          type: "credit",
          amount: "250.00",
          currency: "GHS",
          transactionDate: "2026-01-05T09:00:00Z",
        },
        {
          externalId: "T2",
          externalSource: "cbs",
          accountExternalId: "A1",
          type: "debit",
          amount: "75.50",
          currency: "GHS",
          transactionDate: "2026-01-06",
        },
        {
          externalId: "T3",
          externalSource: "cbs",
          accountExternalId: "A404",
          type: "debit",
          amount: "1.00",
          currency: "GHS",
          transactionDate: "2026-01-06",
        },
      ]),
    );
    await put(
      tenant,
      "accounts.ndjson",
      ndjson([
        {
          externalId: "A1",
          externalSource: "cbs",
          customerExternalId: "C1",
          currency: "GHS",
          currentBalance: "174.50",
        },
      ]),
    );
    await put(
      tenant,
      "customers.csv",
      '\uFEFFexternalId,externalSource,name,email\r\nC1,cbs,"Asante, Ama",ama@example.com\r\nC2,cbs,Kwame Boateng,\r\n',
    );
    await put(tenant, "readme.txt", "not data");

    const first = await sync(tenant);
    expect(first.status).toBe(200);
    expect(first.syncStatus.status).toBe("succeeded");
    expect(first.syncStatus.filesLoaded).toEqual([
      "customers.csv",
      "accounts.ndjson",
      "transactions-2026-01.ndjson",
    ]);
    expect(first.syncStatus.recordsWritten).toEqual({
      customers: 2,
      accounts: 1,
      transactions: 2,
      agents: 0,
      loans: 0,
      loanRepayments: 0,
    });
    expect(first.syncStatus.errors).toHaveLength(2);
    expect(first.syncStatus.errors.join("\n")).toMatch(/readme\.txt: not an export file name/);
    expect(first.syncStatus.errors.join("\n")).toMatch(
      /transactions-2026-01\.ndjson record 3: accountExternalId: no account/,
    );

    const txns = await json<{ data: { amount: string; type: string }[] }>(
      await call("GET", "/v1/transactions", { key: tenant.key }),
    );
    expect(txns.data.map((t) => `${t.type} ${t.amount}`).sort()).toEqual(["credit 250.00", "debit 75.50"]);

    const again = await sync(tenant);
    expect(again.syncStatus).toMatchObject({
      status: "succeeded",
      recordsWritten: { customers: 0, accounts: 0, transactions: 0, agents: 0, loans: 0, loanRepayments: 0 },
      filesLoaded: [],
      errors: [],
    });

    // A new file with one changed and one repeated record: only the change counts.
    await put(
      tenant,
      "customers-update.ndjson",
      ndjson([
        { externalId: "C1", externalSource: "cbs", name: "Asante, Ama", email: "ama@example.com" },
        { externalId: "C2", externalSource: "cbs", name: "Kwame Boateng", status: "closed" },
      ]),
    );
    const update = await sync(tenant);
    expect(update.syncStatus.filesLoaded).toEqual(["customers-update.ndjson"]);
    expect(update.syncStatus.recordsWritten.customers).toBe(1);
  });

  it("continues a large sync on the jobs queue", async () => {
    const big = await createTenant({ name: "Big export", shard: 1 });
    const customers = Array.from({ length: 2500 }, (_, i) => ({
      externalId: `C${i}`,
      externalSource: "cbs",
      name: `Customer ${i}`,
    }));
    await put(big, "customers.ndjson", ndjson(customers));
    // CSV with quoted commas and line breaks, resumed from byte offsets across steps.
    const csvRows = Array.from(
      { length: 1500 },
      (_, i) => `A${i},cbs,C${i},GHS,${i}.50,"Main, ""${i}""\nbranch"`,
    );
    await put(
      big,
      "accounts.csv",
      `externalId,externalSource,customerExternalId,currency,currentBalance,name\n${csvRows.join("\n")}\n`,
    );
    const ctx = await loadTenantContext(env, big.id, "test");
    // The tenant's job slots are taken while the test looks at the running sync, so the queue
    // consumer cannot finish it meanwhile (its message waits: docs/decisions/fairness.md).
    const release = await holdJobSlots(big.id);
    // A small step budget forces several hand-overs to the queue consumer.
    const started = await startSync(ctx, "core_banking", { stepRecords: 1000 });
    expect(started.status).toBe("running");
    expect(started.recordsWritten.customers).toBe(1000);

    const conflict = await sync(big);
    expect(conflict.status).toBe(409);
    await release();
    // The deferred message comes back later and finds its step done; the next step runs now.
    await jobHandlers["ingest.sync.continue"](env, jobs.syncContinue(big.id, started.runId));

    const finished = await waitForRun(big, started.runId);
    expect(finished).toMatchObject({
      status: "succeeded",
      filesLoaded: ["customers.ndjson", "accounts.csv"],
    });
    expect(finished.errors).toEqual([]);
    expect(finished.recordsWritten).toMatchObject({ customers: 2500, accounts: 1500 });
    const last = await systemShardBinding(env, big.shard)
      .prepare(
        "SELECT name, current_balance_minor AS balance FROM accounts WHERE tenant_id = ? AND external_id = 'A1499'",
      )
      .bind(big.id)
      .first();
    expect(last).toEqual({ name: 'Main, "1499"\nbranch', balance: 149950 });
    const count = await systemShardBinding(env, big.shard)
      .prepare("SELECT count(*) AS n FROM customers WHERE tenant_id = ?")
      .bind(big.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(2500);
  });

  it("refuses a second concurrent sync with 409, and takes over a dead one", async () => {
    const t = await createTenant({ name: "Busy", shard: 0 });
    const db = systemShardBinding(env, t.shard);
    const insert = (heartbeat: string) =>
      db
        .prepare(
          `INSERT INTO sync_runs (id, tenant_id, connector_type, provider, status, started_at, heartbeat_at)
           VALUES (?, ?, 'core_banking', 'export', 'running', ?, ?)`,
        )
        .bind(crypto.randomUUID(), t.id, heartbeat, heartbeat)
        .run();
    await insert(new Date().toISOString());
    const busy = await sync(t);
    expect(busy.status).toBe(409);
    expect((busy as unknown as { error: { code: string } }).error.code).toBe("conflict");

    const other = await createTenant({ name: "Crashed", shard: 0 });
    await db
      .prepare(
        `INSERT INTO sync_runs (id, tenant_id, connector_type, provider, status, started_at, heartbeat_at)
         VALUES (?, ?, 'core_banking', 'export', 'running', ?, ?)`,
      )
      .bind(crypto.randomUUID(), other.id, "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z")
      .run();
    expect((await sync(other)).status).toBe(200);
  });

  it("resumes, from the cron sweep, a run whose queue message was lost", async () => {
    const t = await createTenant({ name: "Lost message", shard: 1 });
    await put(t, "customers.ndjson", ndjson([{ externalId: "L1", externalSource: "cbs", name: "Lost" }]));
    const runId = crypto.randomUUID();
    const stale = new Date(Date.now() - 10 * 60_000).toISOString();
    await systemShardBinding(env, t.shard)
      .prepare(
        `INSERT INTO sync_runs (id, tenant_id, connector_type, provider, status, started_at, heartbeat_at)
         VALUES (?, ?, 'core_banking', 'export', 'running', ?, ?)`,
      )
      .bind(runId, t.id, stale, stale)
      .run();
    await resumeStalledSyncs(env, new Date());
    const finished = await waitForRun(t, runId);
    expect(finished).toMatchObject({ status: "succeeded", filesLoaded: ["customers.ndjson"] });
    expect(finished.recordsWritten.customers).toBe(1);
  });

  it("answers 400 for other connector types", async () => {
    const res = await call("POST", "/v1/sync/crm", { key: tenant.key });
    expect(res.status).toBe(400);
    const body = await json<{ error: { details: { path: string; message: string }[] } }>(res);
    expect(body.error.details[0].path).toBe("connectorType");
  });

  it("never loads another tenant's files or shows another tenant's runs", async () => {
    const a = await createTenant({ name: "A", shard: 0 });
    const b = await createTenant({ name: "B", shard: 0 });
    await put(a, "customers.ndjson", ndjson([{ externalId: "X", externalSource: "cbs", name: "Only A" }]));
    const syncB = await sync(b);
    expect(syncB.syncStatus.recordsWritten.customers).toBe(0);
    const syncA = await sync(a);
    expect(syncA.syncStatus.recordsWritten.customers).toBe(1);
    expect((await call("GET", `/v1/sync/runs/${syncA.syncStatus.runId}`, { key: b.key })).status).toBe(404);
  });
});
