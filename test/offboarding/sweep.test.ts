import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { systemShardBinding } from "../../src/db/system-db";
import { loadTenantContext } from "../../src/db/tenant-context";
import type { Env } from "../../src/env";
import { handleScheduled } from "../../src/jobs/cron";
import {
  CUSTOMER_ERASURE_JOB,
  type JobMessage,
  TENANT_DELETE_JOB,
  TENANT_EXPORT_JOB,
} from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { resumesOf, STALLED_AFTER_SECONDS } from "../../src/jobs/resumes";
import { deleteTenant, requestExport } from "../../src/modules/offboarding/service";
import { requestErasure } from "../../src/modules/privacy/service";
import { scrubTables } from "../../src/modules/privacy/system-repo";
import { fraud, post } from "../cases/helpers";
import { createTenant, insertAccount, insertCustomer, insertTransactions, type TestTenant } from "../harness";
import { operatorContext, recordingEnv } from "../moves/helpers";
import { driveExport, objectKeys, rowCounts } from "./helpers";

const NAME = "Kofi Boateng-Asare";
const PHONE = "+233201234567";
const STALLED_MINUTES = STALLED_AFTER_SECONDS / 60;
const minutes = (n: number) => Date.now() + n * 60_000;
const runCron = (jobEnv: Env, scheduledTime: number) =>
  handleScheduled(createScheduledController({ cron: "* * * * *", scheduledTime }), jobEnv);
const ofType = (sent: JobMessage[], type: string) => sent.filter((m) => m.type === type);

const erasureRow = (t: TestTenant, id: string) =>
  systemShardBinding(env, t.shard)
    .prepare("SELECT step, status, rows_redacted, search_values FROM customer_erasures WHERE id = ?1")
    .bind(id)
    .first<{ step: number; status: string; rows_redacted: number; search_values: string | null }>();

/** Rows of the tenant, in the tables an erasure scrubs, that hold one of the values. */
async function rowsMentioning(t: TestTenant, values: string[]) {
  let n = 0;
  for (const table of scrubTables()) {
    const { results } = await systemShardBinding(env, t.shard)
      .prepare(`SELECT * FROM "${table.name}" WHERE tenant_id = ?1`)
      .bind(t.id)
      .all();
    n += results.filter((row) => values.some((v) => JSON.stringify(row).includes(v))).length;
  }
  return n;
}

/** The subject's derived rows (monitoring work keyed by its id) an erasure deletes. */
async function derivedRows(t: TestTenant, customerId: string) {
  let n = 0;
  for (const table of scrubTables().filter((s) => s.drop)) {
    // The column that names the subject: the table's first owner column.
    const owner = table.rows.flatMap((r) => ("owner" in r ? [r.owner] : []))[0];
    const row = await systemShardBinding(env, t.shard)
      .prepare(`SELECT count(*) AS n FROM "${table.name}" WHERE tenant_id = ?1 AND "${owner}" = ?2`)
      .bind(t.id, customerId)
      .first<{ n: number }>();
    n += row?.n ?? 0;
  }
  return n;
}

describe("the minute cron resumes stalled offboarding work", () => {
  it("re-sends a customer erasure whose message was lost; duplicates redact once; nothing personal is left", async () => {
    const t = await createTenant({ name: "Erasure lost its message" });
    const subject = await insertCustomer(t, { name: NAME, phone: PHONE, type: "individual" });
    const account = await insertAccount(t, subject.id, { name: `${NAME} savings` });
    const day = new Date(Date.now() - 86_400_000).toISOString();
    await insertTransactions(t, account, [
      { amountMinor: 9_000, transactionDate: day, description: `From ${NAME}` },
    ]);
    const fraudCase = await fraud.open(t);
    expect(
      (await post(t, `/v1/fraud/cases/${fraudCase.id}/notes`, { content: `Called ${PHONE}`, actorId: "a" }))
        .status,
    ).toBe(201);

    const { sent, env: jobEnv } = recordingEnv();
    const erasure = await requestErasure(await loadTenantContext(jobEnv, t.id, "test"), subject.id);
    const values = JSON.parse((await erasureRow(t, erasure.id))?.search_values ?? "[]") as string[];
    const mentioned = await rowsMentioning(t, values);
    // customer, account, transaction (the case note is sealed under its case customer's key)
    expect(mentioned).toBeGreaterThanOrEqual(3);
    const derived = await derivedRows(t, subject.id);
    expect(ofType(sent, CUSTOMER_ERASURE_JOB)).toHaveLength(1);
    sent.length = 0; // the message is lost

    await runCron(jobEnv, minutes(1));
    expect(ofType(sent, CUSTOMER_ERASURE_JOB)).toEqual([]);
    await runCron(jobEnv, minutes(STALLED_MINUTES + 1));
    const resumed = ofType(sent, CUSTOMER_ERASURE_JOB);
    expect(resumed).toEqual([{ type: CUSTOMER_ERASURE_JOB, tenantId: t.id, erasureId: erasure.id, step: 0 }]);
    expect(await resumesOf(env, "customer.erasure", erasure.id)).toMatchObject({ resumes: 1 });

    // Delivered twice at once, then once late: one turn is saved, the others change nothing.
    const handle = jobHandlers[CUSTOMER_ERASURE_JOB];
    await Promise.all([handle(jobEnv, resumed[0]), handle(jobEnv, resumed[0])]);
    await handle(jobEnv, resumed[0]);
    for (let turn = 0; turn < 50; turn++) {
      const row = await erasureRow(t, erasure.id);
      if (row?.status !== "running") break;
      await handle(jobEnv, {
        type: CUSTOMER_ERASURE_JOB,
        tenantId: t.id,
        erasureId: erasure.id,
        step: row.step,
      });
    }
    const done = await erasureRow(t, erasure.id);
    expect(done?.status).toBe("completed");
    expect(await rowsMentioning(t, values)).toBe(0);
    // Each row that held a value, or was derived from the subject and deleted, was counted once,
    // not once per copy of the message.
    expect(done?.rows_redacted).toBe(mentioned + derived);
  });

  it("re-sends a tenant deletion whose message was lost; duplicates purge once; no rows are left", async () => {
    const t = await createTenant({ name: "Deletion lost its message" });
    const customer = await insertCustomer(t, { name: "Esi Arthur" });
    const account = await insertAccount(t, customer.id);
    const day = new Date(Date.now() - 86_400_000).toISOString();
    await insertTransactions(
      t,
      account,
      Array.from({ length: 30 }, (_, i) => ({ amountMinor: 100 + i, transactionDate: day })),
    );
    const before = await rowCounts(t);
    const { sent, env: jobEnv } = recordingEnv();
    const op = operatorContext(jobEnv);
    await deleteTenant(op, t.id);
    sent.length = 0; // the message is lost

    await runCron(jobEnv, minutes(1));
    expect(ofType(sent, TENANT_DELETE_JOB)).toEqual([]);
    await runCron(jobEnv, minutes(STALLED_MINUTES + 1));
    const resumed = ofType(sent, TENANT_DELETE_JOB);
    expect(resumed).toEqual([{ type: TENANT_DELETE_JOB, tenantId: t.id, step: 0 }]);
    expect(await resumesOf(env, "tenant.delete", t.id)).toMatchObject({ resumes: 1 });

    const handle = jobHandlers[TENANT_DELETE_JOB];
    await Promise.all([handle(jobEnv, resumed[0]), handle(jobEnv, resumed[0])]);
    await handle(jobEnv, resumed[0]);
    const tombstone = () =>
      env.CONTROL_DB.prepare(
        "SELECT step, status, counts, updated_at FROM tenant_tombstones WHERE tenant_id = ?1",
      )
        .bind(t.id)
        .first<{ step: number; status: string; counts: string; updated_at: string | null }>();
    for (let turn = 0; turn < 50; turn++) {
      const row = await tombstone();
      if (row?.status !== "deleting") break;
      expect(row.updated_at).not.toBeNull(); // each turn stamps it: what the sweep reads
      await handle(jobEnv, { type: TENANT_DELETE_JOB, tenantId: t.id, step: row.step });
    }
    const done = await tombstone();
    expect(done?.status).toBe("deleted");
    expect(await rowCounts(t)).toEqual({});
    // Every table's rows counted once as removed, as many as there were.
    const removed = JSON.parse(done?.counts ?? "{}") as Record<string, number>;
    for (const [table, n] of Object.entries(before)) expect(removed[table], table).toBe(n);
  });

  it("re-sends an export whose message was lost; a duplicate writes the same parts once", async () => {
    const t = await createTenant({ name: "Export lost its message" });
    const customer = await insertCustomer(t, { name: "Ama Serwaa" });
    await insertAccount(t, customer.id);
    const { sent, env: jobEnv } = recordingEnv();
    const op = operatorContext(jobEnv);
    const started = await requestExport(op, t.id);
    sent.length = 0; // the message is lost

    await runCron(jobEnv, minutes(1));
    expect(ofType(sent, TENANT_EXPORT_JOB)).toEqual([]);
    await runCron(jobEnv, minutes(STALLED_MINUTES + 1));
    const resumed = ofType(sent, TENANT_EXPORT_JOB);
    expect(resumed).toEqual([{ type: TENANT_EXPORT_JOB, tenantId: t.id, exportId: started.id, step: 0 }]);
    expect(await resumesOf(env, "tenant.export", started.id)).toMatchObject({ resumes: 1 });

    const handle = jobHandlers[TENANT_EXPORT_JOB];
    await Promise.all([handle(jobEnv, resumed[0]), handle(jobEnv, resumed[0])]);
    await handle(jobEnv, resumed[0]);
    await driveExport(t, started.id);
    const row = await env.CONTROL_DB.prepare(
      "SELECT status, parts, rows_exported FROM tenant_exports WHERE id = ?1",
    )
      .bind(started.id)
      .first<{ status: string; parts: number; rows_exported: number }>();
    expect(row?.status).toBe("completed");
    // Every stored row exported once; the parts in R2 are the parts counted (plus the control file and manifest).
    const stored = Object.values(await rowCounts(t)).reduce((n, c) => n + c, 0);
    expect(row?.rows_exported).toBe(stored);
    const parts = (await objectKeys(t.id)).filter((k) => k.includes(`/exports/${started.id}/`));
    expect(parts.length).toBe((row?.parts ?? 0) + 2);
  });
});
