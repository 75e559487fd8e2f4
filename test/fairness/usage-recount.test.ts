import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { jobs, USAGE_MEASURE_JOB } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { BYTES_PER_ROW } from "../../src/modules/usage/domain/quota";
import { admin, call, createTenant, holdJobSlots, insertCustomer, json, type TestTenant } from "../harness";
import { quotaLoan } from "./loans";

const OLD = "2000-01-01T00:00:00.000Z";
const ingestLoan = (t: TestTenant, id: string) =>
  call("POST", "/v1/ingest/loans", { key: t.key, body: [quotaLoan(id)] });
const saved = (t: TestTenant) =>
  env.CONTROL_DB.prepare("SELECT counts, measured_at FROM tenant_row_usage WHERE tenant_id = ?1")
    .bind(t.id)
    .first<{ counts: string; measured_at: string }>();
/** Time passing: the saved counts become older than their five minutes. */
const age = (t: TestTenant) =>
  env.CONTROL_DB.prepare("UPDATE tenant_row_usage SET measured_at = ?2 WHERE tenant_id = ?1")
    .bind(t.id, OLD)
    .run();
/** Six minutes passing: the saved counts and the recount's claim both move back (the counts go stale). */
const sixMinutesPass = async (t: TestTenant) => {
  const back = (table: string, column: string) =>
    env.CONTROL_DB.prepare(
      `UPDATE ${table} SET ${column} = strftime('%Y-%m-%dT%H:%M:%fZ', ${column}, '-6 minutes') WHERE tenant_id = ?1`,
    ).bind(t.id);
  await env.CONTROL_DB.batch([back("tenant_row_usage", "measured_at"), back("job_dedupe", "created_at")]);
};
const recountClaim = (t: TestTenant) =>
  env.CONTROL_DB.prepare("SELECT job_id FROM job_dedupe WHERE tenant_id = ?1 AND dedupe_key = ?2")
    .bind(t.id, USAGE_MEASURE_JOB)
    .first<{ job_id: string }>();
const loansIn = async (t: TestTenant) => {
  const res = await call("GET", "/v1/usage", { key: t.key });
  expect(res.status).toBe(200);
  const { storage } = await json<{
    storage: { tables: { table: string; rows: number }[]; measuredAt: string };
  }>(res);
  return { loans: storage.tables.find((x) => x.table === "loans")?.rows, measuredAt: storage.measuredAt };
};

describe("measured counts are refreshed on the jobs queue, never inside a request", () => {
  it("answers on stale counts, queues one recount, and the recount lands", async () => {
    const t = await createTenant();
    await insertCustomer(t, { externalSource: "core", externalId: "C1" });
    // No saved counts yet: this request counts on the spot (0 loans, before its own write).
    expect((await ingestLoan(t, "L1")).status).toBe(200);
    expect(JSON.parse((await saved(t))?.counts ?? "{}").loans).toBe(0);
    // The tenant's job slots are taken, so the real queue cannot run the recount behind the test's back.
    const release = await holdJobSlots(t.id);
    try {
      await age(t);
      // Stale counts are used as they are (no COUNT in the request: still 0 loans, still the old time).
      expect(await loansIn(t)).toEqual({ loans: 0, measuredAt: OLD });
      expect((await saved(t))?.measured_at).toBe(OLD);
      const claim = await recountClaim(t);
      expect(claim).not.toBeNull();
      // A quota with room for one loan on the stale counts, none on the true ones: the ingest
      // goes through, which it would not had it counted (soft by what was written since the count).
      const used = (
        await json<{ storage: { estimatedBytes: number } }>(await call("GET", "/v1/usage", { key: t.key }))
      ).storage.estimatedBytes;
      const oneLoan = BYTES_PER_ROW.loans + BYTES_PER_ROW.loan_installments;
      const patched = await admin("PATCH", `/admin/tenants/${t.id}`, {
        settings: { storageQuotaBytes: used + oneLoan },
      });
      expect(patched.status).toBe(200);
      expect((await ingestLoan(t, "L2")).status).toBe(200);
      // Every stale request joined the one queued recount.
      expect(await recountClaim(t)).toEqual(claim);
      expect((await saved(t))?.measured_at).toBe(OLD);

      // The queued job runs: the counts land, with both loans.
      const before = Date.now();
      await jobHandlers[USAGE_MEASURE_JOB](
        env,
        jobs.usageMeasure(t.id, new Date(before - 1_000).toISOString()),
      );
      const landed = await saved(t);
      expect(Date.parse(landed?.measured_at ?? OLD)).toBeGreaterThanOrEqual(before);
      expect(JSON.parse(landed?.counts ?? "{}").loans).toBe(2);
      expect((await loansIn(t)).loans).toBe(2);
      // On them, the tenant is past its quota: the next new loan is refused.
      const refused = await ingestLoan(t, "L3");
      expect(refused.status).toBe(403);
      expect((await json<{ error: { code: string } }>(refused)).error.code).toBe("storage_quota_exceeded");

      // A duplicate delivery of a recount already done counts nothing again.
      await jobHandlers[USAGE_MEASURE_JOB](
        env,
        jobs.usageMeasure(t.id, new Date(before - 1_000).toISOString()),
      );
      expect((await saved(t))?.measured_at).toBe(landed?.measured_at);
    } finally {
      await release();
    }
  });

  it("queues another recount once the last one has landed and its counts are stale again", async () => {
    const t = await createTenant();
    await loansIn(t); // first counts, on the spot
    const release = await holdJobSlots(t.id);
    try {
      await sixMinutesPass(t);
      await loansIn(t);
      const first = await recountClaim(t);
      expect(first).not.toBeNull();
      const measuredAt = (await saved(t))?.measured_at;
      // Still stale and still queued: a second request joins the first recount.
      await loansIn(t);
      expect(await recountClaim(t)).toEqual(first);
      await jobHandlers[USAGE_MEASURE_JOB](env, jobs.usageMeasure(t.id, new Date().toISOString()));
      expect((await saved(t))?.measured_at).not.toBe(measuredAt);
      await sixMinutesPass(t);
      await loansIn(t);
      const second = await recountClaim(t);
      expect(second?.job_id).toBeDefined();
      expect(second?.job_id).not.toBe(first?.job_id);
    } finally {
      await release();
    }
  });

  it("a recount for a deleted tenant is done without error", async () => {
    const message = jobs.usageMeasure(crypto.randomUUID(), new Date().toISOString());
    await expect(jobHandlers[USAGE_MEASURE_JOB](env, message)).resolves.toBeUndefined();
  });
});
