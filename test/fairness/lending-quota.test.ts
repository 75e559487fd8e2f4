import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BYTES_PER_ROW } from "../../src/modules/usage/domain/quota";
import { admin, call, createTenant, insertCustomer, json, shardRows, type TestTenant } from "../harness";
import { quotaLoan } from "./loans";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const repayment = (externalId: string, amount = "10.00") => ({
  externalId,
  externalSource: "core",
  loanExternalId: "L1",
  amount,
  currency: "GHS",
  paidOn: day(-1),
});
const post = (t: TestTenant, path: string, body: unknown[]) => call("POST", path, { key: t.key, body });
const countOn = async (t: TestTenant, table: string) =>
  (await shardRows<{ n: number }>(t, `SELECT count(*) AS n FROM "${table}" WHERE tenant_id = ?1`, t.id))[0].n;
/** Drops the saved measured counts: the next check has no figure and counts on the spot. */
const forgetMeasurement = (t: TestTenant) =>
  env.CONTROL_DB.prepare("DELETE FROM tenant_row_usage WHERE tenant_id = ?1").bind(t.id).run();
const usedBytes = async (t: TestTenant) => {
  await forgetMeasurement(t);
  const res = await call("GET", "/v1/usage", { key: t.key });
  expect(res.status).toBe(200);
  return (await json<{ storage: { estimatedBytes: number } }>(res)).storage.estimatedBytes;
};
const setQuota = async (t: TestTenant, storageQuotaBytes: number) =>
  expect((await admin("PATCH", `/admin/tenants/${t.id}`, { settings: { storageQuotaBytes } })).status).toBe(
    200,
  );
const refusedForQuota = async (res: Response) => {
  expect(res.status).toBe(403);
  expect((await json<{ error: { code: string } }>(res)).error.code).toBe("storage_quota_exceeded");
};
/** Everything the lending writes touch, to show a refusal wrote nothing. */
const lendingState = (t: TestTenant) =>
  shardRows(
    t,
    `SELECT (SELECT count(*) FROM loan_repayments WHERE tenant_id = ?1) AS repayments,
            (SELECT count(*) FROM loan_installments WHERE tenant_id = ?1) AS installments,
            (SELECT group_concat(principal_paid_minor + interest_paid_minor) FROM loan_installments WHERE tenant_id = ?1) AS paid,
            (SELECT group_concat(outstanding_total_minor || ':' || updated_at) FROM loans WHERE tenant_id = ?1) AS loans,
            (SELECT count(*) FROM events WHERE tenant_id = ?1) AS events`,
    t.id,
  );

describe("storage quotas on lending writes", () => {
  it("refuses a repayment batch whose new repayments would pass the quota, writing nothing; corrections pass", async () => {
    const t = await createTenant();
    await insertCustomer(t, { externalSource: "core", externalId: "C1" });
    expect((await post(t, "/v1/ingest/loans", [quotaLoan("L1", 2)])).status).toBe(200);
    // Room for exactly one more repayment.
    const quota = (await usedBytes(t)) + BYTES_PER_ROW.loan_repayments;
    await setQuota(t, quota);
    const before = await lendingState(t);

    await refusedForQuota(await post(t, "/v1/ingest/loan-repayments", [repayment("R1"), repayment("R2")]));
    expect(await lendingState(t)).toEqual(before); // no repayment, no allocation, no loan update, no event

    expect((await post(t, "/v1/ingest/loan-repayments", [repayment("R1")])).status).toBe(200); // fills it
    // A correction of the stored repayment adds no row: it passes at the quota.
    const corrected = await post(t, "/v1/ingest/loan-repayments", [repayment("R1", "25.00")]);
    expect(corrected.status).toBe(200);
    const amounts = await shardRows<{ amount_minor: number }>(
      t,
      "SELECT amount_minor FROM loan_repayments WHERE tenant_id = ?1",
      t.id,
    );
    expect(amounts).toEqual([{ amount_minor: 2_500 }]);

    // On counts that include R1, one more repayment is refused.
    expect(await usedBytes(t)).toBe(quota);
    await refusedForQuota(await post(t, "/v1/ingest/loan-repayments", [repayment("R2")]));
    expect(await countOn(t, "loan_repayments")).toBe(1);
  });

  it("counts a new loan's installments, not only the loan", async () => {
    const t = await createTenant();
    await insertCustomer(t, { externalSource: "core", externalId: "C1" });
    // Room for a loan and one installment: a loan with a two-line schedule does not fit.
    await setQuota(t, (await usedBytes(t)) + BYTES_PER_ROW.loans + BYTES_PER_ROW.loan_installments);
    await refusedForQuota(await post(t, "/v1/ingest/loans", [quotaLoan("L1", 2)]));
    expect(await countOn(t, "loans")).toBe(0);
    expect(await countOn(t, "loan_installments")).toBe(0);
    expect((await post(t, "/v1/ingest/loans", [quotaLoan("L1", 1)])).status).toBe(200); // fills it exactly

    // At the quota: re-sending the stored loan (same schedule length) passes; lengthening its schedule does not.
    await usedBytes(t); // counts that include L1
    expect((await post(t, "/v1/ingest/loans", [{ ...quotaLoan("L1", 1), product: "renamed" }])).status).toBe(
      200,
    );
    await refusedForQuota(await post(t, "/v1/ingest/loans", [quotaLoan("L1", 2)]));
    expect(await countOn(t, "loan_installments")).toBe(1);
  });
});
