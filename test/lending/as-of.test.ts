import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { fixedClock } from "../../src/lib/clock";
import { backfillSnapshots, refreshLending } from "../../src/modules/lending/portfolio/service";
import { call, createTenant, json, type TestTenant } from "../harness";

interface Par {
  source: string;
  portfolio: { loans: number; outstandingPrincipal: string; par1: number };
  rollRates: {
    fromMonth: string;
    flows: { fromBucket: string; toBucket: string; outstandingPrincipal: string }[];
  }[];
}

const post = async (t: TestTenant, path: string, body: unknown) =>
  json<{ recordsWritten: number; errors: unknown[] }>(await call("POST", path, { key: t.key, body }));
const loan = (externalId: string, principal: string, dueDate: string) => ({
  externalId,
  externalSource: "core",
  customerExternalId: "C1",
  product: "micro",
  principal,
  interestRate: "24",
  termCount: 1,
  disbursementDate: "2026-01-05",
  currency: "GHS",
  schedule: [{ dueDate, principal }],
});
const repayment = (externalId: string, loanExternalId: string, amount: string, paidOn: string) => ({
  externalId,
  externalSource: "core",
  loanExternalId,
  amount,
  currency: "GHS",
  paidOn,
});
const refreshOn = async (t: TestTenant, day: string) => {
  const ctx = await loadTenantContext(env, t.id, "as-of");
  return refreshLending({ ...ctx, clock: fixedClock(`${day}T02:00:00.000Z`) });
};
const par = async (t: TestTenant, asOf: string) =>
  json<Par>(await call("GET", `/v1/lending/portfolio-at-risk?asOf=${asOf}`, { key: t.key }));

describe("month-ends as they were then", () => {
  it("reconstructs loans repaid since, rewrites a month-end when history arrives, closes paid-off loans", async () => {
    const t = await createTenant({ name: "As-of lender", settings: { currency: "GHS" } });
    await post(t, "/v1/ingest/customers", [{ externalId: "C1", externalSource: "core", name: "Esi Foods" }]);
    // A: 1,000.00 due 10 Feb, unpaid: 18 days late on 28 Feb. B: 500.00 due 20 Feb, 8 days late
    // on 28 Feb, repaid 5 Mar, which arrives before the job writes February.
    expect(
      await post(t, "/v1/ingest/loans", [
        loan("A", "1000.00", "2026-02-10"),
        loan("B", "500.00", "2026-02-20"),
      ]),
    ).toMatchObject({ recordsWritten: 2, errors: [] });
    await post(t, "/v1/ingest/loan-repayments", [repayment("RB", "B", "500.00", "2026-03-05")]);
    const list = await json<{ data: { externalId: string; status: string }[] }>(
      await call("GET", "/v1/loans", { key: t.key }),
    );
    expect(Object.fromEntries(list.data.map((l) => [l.externalId, l.status]))).toEqual({
      A: "active",
      B: "closed",
    });

    expect((await refreshOn(t, "2026-03-09")).snapshot).toBe("2026-02-28");
    // B owed 500.00 on 28 Feb, though it is paid off today: both loans, all in arrears.
    expect((await par(t, "2026-02-28")).portfolio).toMatchObject({
      loans: 2,
      outstandingPrincipal: "1500.00",
      par1: 1,
    });

    // History arrives: A had been paid 600.00 on 20 Feb. February is rewritten: 400.00 + 500.00.
    await post(t, "/v1/ingest/loan-repayments", [repayment("RA", "A", "600.00", "2026-02-20")]);
    expect((await par(t, "2026-02-28")).portfolio).toMatchObject({
      loans: 2,
      outstandingPrincipal: "900.00",
    });

    // March, then a loan record that arrives late (C, 300.00 due 15 May): both month-ends and the
    // roll rates between them take it in.
    expect((await refreshOn(t, "2026-04-01")).snapshot).toBe("2026-03-31");
    expect(await post(t, "/v1/ingest/loans", [loan("C", "300.00", "2026-05-15")])).toMatchObject({
      errors: [],
    });
    const after = await par(t, "2026-03-31");
    // 31 Mar: A's 400.00 (49 days late) and C's 300.00 (current).
    expect(after.portfolio).toMatchObject({ loans: 2, outstandingPrincipal: "700.00", par1: 0.5714 });
    expect((await par(t, "2026-02-28")).portfolio).toMatchObject({
      loans: 3,
      outstandingPrincipal: "1200.00",
    });
    expect(after.rollRates).toEqual([
      {
        fromMonth: "2026-02-28",
        toMonth: "2026-03-31",
        flows: [
          expect.objectContaining({ fromBucket: "1-30", toBucket: "31-60", outstandingPrincipal: "400.00" }),
          expect.objectContaining({ fromBucket: "1-30", toBucket: "closed", outstandingPrincipal: "500.00" }),
          expect.objectContaining({
            fromBucket: "current",
            toBucket: "current",
            outstandingPrincipal: "300.00",
          }),
        ],
      },
    ]);

    // Month-ends the job never wrote (January, and those after March) are backfilled on request,
    // each as it was then, with the roll rates between them.
    // Through the service with the clock of 6 Dec 2026 (the dates above are fixed).
    const ctx = await loadTenantContext(env, t.id, "as-of");
    const filled = await backfillSnapshots(
      { ...ctx, clock: fixedClock("2026-12-06T10:00:00.000Z") },
      "2026-01-01",
    );
    expect(filled.monthEnds[0]).toBe("2026-01-31");
    expect(filled.monthEnds.at(-1)).toBe("2026-11-30");
    expect(filled.loans).toBe(3);
    // 31 Jan: nothing due yet, all three owing in full.
    const january = await par(t, "2026-01-31");
    expect(january.portfolio).toMatchObject({ loans: 3, outstandingPrincipal: "1800.00", par1: 0 });
    expect((await par(t, "2026-02-28")).portfolio).toMatchObject({
      loans: 3,
      outstandingPrincipal: "1200.00",
    });
    const feb = await par(t, "2026-02-28");
    expect(feb.rollRates.find((r) => r.fromMonth === "2026-01-31")?.flows).toEqual([
      expect.objectContaining({
        fromBucket: "current",
        toBucket: "1-30",
        outstandingPrincipal: "1500.00",
        rate: 0.8333,
      }),
      expect.objectContaining({ fromBucket: "current", toBucket: "current", outstandingPrincipal: "300.00" }),
    ]);
    const future = await call("POST", "/v1/lending/snapshots/backfill", {
      key: t.key,
      body: { from: "2099-01-01" },
    });
    expect(future.status).toBe(400);
    expect(JSON.stringify(await future.json())).toContain('"from"');
  });
});
