import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { GOAML_CTR_JOB } from "../../src/jobs/messages";
import { cronTasks, jobHandlers } from "../../src/jobs/registry";
import { call, createTenant, json, shardRows, type TestTenant } from "../harness";
import { KYC_SUBJECT } from "./demo";
import { demoCustomer, setUpGoaml, sha256 } from "./helpers";

interface Run {
  day: string;
  status: string;
  qualifyingCount: number;
  reportId: string | null;
  issues: Array<{ path: string; message: string }>;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// The cron fires at 02:00 UTC; the tenant keeps UTC (no timeZone setting), so it reports yesterday.
const today = Date.parse(`${dayOf(Date.now())}T02:00:00Z`);
const yesterday = dayOf(today - DAY_MS);
const dayBefore = dayOf(today - 2 * DAY_MS);

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "goAML CTR" });
  await setUpGoaml(t);
  const { customerId } = await demoCustomer(t, [
    { amountMinor: 5_000_000, transactionDate: `${yesterday}T10:00:00.000Z`, channel: "cash" },
    {
      amountMinor: 12_000_000,
      transactionDate: `${yesterday}T23:59:59.000Z`,
      type: "debit",
      channel: "CASH",
    },
    { amountMinor: 4_999_999, transactionDate: `${yesterday}T11:00:00.000Z`, channel: "cash" },
    { amountMinor: 8_000_000, transactionDate: `${yesterday}T12:00:00.000Z`, channel: "transfer" },
    {
      amountMinor: 9_000_000,
      transactionDate: `${yesterday}T13:00:00.000Z`,
      channel: "cash",
      status: "failed",
    },
    // Midnight at the end of yesterday belongs to today.
    { amountMinor: 7_000_000, transactionDate: `${dayOf(today)}T00:00:00.000Z`, channel: "cash" },
  ]);
  // Three same-day cash withdrawals of GH¢20,000.00 by one customer; two by another (GH¢40,000.00).
  const withdrawal = (hour: number) => ({
    amountMinor: 2_000_000,
    transactionDate: `${yesterday}T${hour}:00:00.000Z`,
    type: "debit" as const,
    channel: "cash",
  });
  const three = await demoCustomer(t, [withdrawal(14), withdrawal(15), withdrawal(16)]);
  const two = await demoCustomer(t, [withdrawal(17), withdrawal(18)]);
  for (const id of [customerId, three.customerId, two.customerId])
    expect(
      (await call("PUT", `/v1/goaml/subjects/${id}`, { key: t.key, body: { subject: KYC_SUBJECT } })).status,
    ).toBe(200);
});

const runJob = () =>
  jobHandlers[GOAML_CTR_JOB](env, { type: GOAML_CTR_JOB, tenantId: t.id, at: new Date(today).toISOString() });

describe("daily CTR", () => {
  it("the 02:00 cron runs it for each tenant", () => {
    expect(cronTasks["0 2 * * *"]?.map((task) => task.name)).toContain("goamlCtrCronTask");
  });

  it("files one report for a day with cash at or above GH¢50,000, listed and downloadable", async () => {
    await runJob();
    await runJob(); // a redelivery changes nothing
    const list = await json<{
      data: Array<{ id: string; day: string; transactionCount: number; sha256: string }>;
    }>(await call("GET", "/v1/goaml/ctr-reports", { key: t.key }));
    expect(list.data).toHaveLength(1);
    const [report] = list.data;
    // Per customer and direction over the day (the Ghana default): the first customer's cash
    // deposits (50,000.00 + 49,999.99) and withdrawal (120,000.00), the second's three withdrawals
    // of 20,000.00; not the third's 40,000.00, the transfer, the failed one or today's.
    expect(report).toMatchObject({ day: yesterday, transactionCount: 6 });
    const res = await call("GET", `/v1/goaml/reports/${report.id}/xml`, { key: t.key });
    const xml = await res.text();
    expect(await sha256(xml)).toBe(report.sha256);
    expect(xml).toContain(`<entity_reference>CTR-${yesterday}</entity_reference>`);
    expect([...xml.matchAll(/<amount_local>([^<]+)</g)].map((m) => m[1])).toEqual([
      "50000.00",
      "49999.99",
      "20000.00",
      "20000.00",
      "20000.00",
      "120000.00",
    ]);
    expect(xml).toContain("deposits and withdrawals each on their own");
    const runs = await json<{ data: Run[] }>(await call("GET", "/v1/goaml/ctr-runs", { key: t.key }));
    expect(runs.data).toEqual([
      expect.objectContaining({ day: yesterday, status: "filed", qualifyingCount: 6, reportId: report.id }),
    ]);
    const events = await shardRows<{ type: string }>(
      t,
      "SELECT type FROM events WHERE tenant_id = ? AND type = 'goaml.ctr_generated'",
      t.id,
    );
    expect(events).toHaveLength(1);
  });

  it("records an empty run and files nothing for a day without qualifying cash", async () => {
    const res = await call("POST", "/v1/goaml/ctr-runs", { key: t.key, body: { day: dayBefore } });
    expect(res.status).toBe(200);
    expect((await json<{ run: Run }>(res)).run).toMatchObject({
      day: dayBefore,
      status: "empty",
      reportId: null,
    });
    const list = await json<{ data: Array<{ day: string }> }>(
      await call("GET", "/v1/goaml/ctr-reports", { key: t.key }),
    );
    expect(list.data.map((r) => r.day)).toEqual([yesterday]);
  });

  it("refuses a day that is not over", async () => {
    const res = await call("POST", "/v1/goaml/ctr-runs", { key: t.key, body: { day: dayOf(Date.now()) } });
    expect(res.status).toBe(400);
  });
});
