import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { fixedClock } from "../../src/lib/clock";
import { refreshLending } from "../../src/modules/lending/portfolio/service";
import { call, createTenant, json, shardRows, type TestTenant } from "../harness";

interface Flow {
  fromBucket: string;
  toBucket: string;
  loans: number;
  outstandingPrincipal: string;
  rate: number;
}
interface Par {
  history: { monthEnd: string }[];
  rollRates: { fromMonth: string; toMonth: string; flows: Flow[] }[];
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
/** The daily job as it runs at 02:00 UTC on the 1st (it writes the month-end just past). */
const refreshOn = async (t: TestTenant, day: string) => {
  const ctx = await loadTenantContext(env, t.id, "roll-rates");
  return refreshLending({ ...ctx, clock: fixedClock(`${day}T02:00:00.000Z`) });
};
const rate = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 10_000;

describe("roll rates stored with the month-end snapshot", () => {
  it("are written with the later snapshot and read back as stored", async () => {
    const t = await createTenant({ name: "Roll lender", settings: { currency: "GHS" } });
    await post(t, "/v1/ingest/customers", [{ externalId: "C1", externalSource: "core", name: "Esi Foods" }]);
    // A: 1,000.00 due 10 Feb, never paid: 18 days past due at 28 Feb (1-30), 49 at 31 Mar (31-60).
    // B: 500.00 due 20 Feb: 8 days at 28 Feb (1-30), repaid 5 Mar: gone by 31 Mar (closed).
    // C: 300.00 due 15 May: current at both month-ends.
    const loans = [
      loan("A", "1000.00", "2026-02-10"),
      loan("B", "500.00", "2026-02-20"),
      loan("C", "300.00", "2026-05-15"),
    ];
    expect(await post(t, "/v1/ingest/loans", loans)).toMatchObject({ recordsWritten: 3, errors: [] });

    expect((await refreshOn(t, "2026-03-01")).snapshot).toBe("2026-02-28");
    // Only one month-end: nothing to roll from yet.
    expect(await shardRows(t, "SELECT * FROM lending_roll_rates WHERE tenant_id = ?", t.id)).toEqual([]);
    const repaid = await post(t, "/v1/ingest/loan-repayments", [
      {
        externalId: "RB",
        externalSource: "core",
        loanExternalId: "B",
        amount: "500.00",
        currency: "GHS",
        paidOn: "2026-03-05",
      },
    ]);
    expect(repaid).toMatchObject({ recordsWritten: 1, errors: [] });
    expect((await refreshOn(t, "2026-04-01")).snapshot).toBe("2026-03-31");

    const read = async () => json<Par>(await call("GET", "/v1/lending/portfolio-at-risk", { key: t.key }));
    const par = await read();
    expect(par.history.map((h) => h.monthEnd)).toEqual(["2026-03-31", "2026-02-28"]);
    const inArrears = 1000 + 500;
    expect(par.rollRates).toEqual([
      {
        fromMonth: "2026-02-28",
        toMonth: "2026-03-31",
        flows: [
          {
            fromBucket: "1-30",
            toBucket: "31-60",
            loans: 1,
            outstandingPrincipal: "1000.00",
            rate: rate(1000, inArrears),
          },
          {
            fromBucket: "1-30",
            toBucket: "closed",
            loans: 1,
            outstandingPrincipal: "500.00",
            rate: rate(500, inArrears),
          },
          { fromBucket: "current", toBucket: "current", loans: 1, outstandingPrincipal: "300.00", rate: 1 },
        ],
      },
    ]);

    // Stored, not recomputed: rewriting the March snapshot rows leaves the answer as it was.
    await shardRows(
      t,
      "UPDATE lending_snapshots SET bucket = '90+' WHERE tenant_id = ? AND month_end = '2026-03-31'",
      t.id,
    );
    expect((await read()).rollRates).toEqual(par.rollRates);
    // The job again on the same day writes nothing twice.
    expect((await refreshOn(t, "2026-04-01")).snapshot).toBeNull();
    const rows = await shardRows(t, "SELECT COUNT(*) AS n FROM lending_roll_rates WHERE tenant_id = ?", t.id);
    expect(rows).toEqual([{ n: 3 }]);
  });
});
