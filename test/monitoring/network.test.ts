import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { jobs } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { call, createTenant, json, shardRows, type TestTenant } from "../harness";
import { ingest } from "../ingest/helpers";
import { eventually } from "../webhooks/helpers";
import { quietTenant } from "./helpers";

/**
 * The network scan (docs/methodology/typologies.md#network-typologies) through the real path:
 * holders ingested through the API, transfers written as a core system exports them (the payer's
 * debit and the payee's credit, each naming the other's account), the scan's job, then alerts,
 * cases and the status read back. Each typology is planted beside a legitimate look-alike.
 */

const DAY = 86_400_000;
const HOLDERS = 51;

interface Transfer {
  from: number;
  to: number;
  amount: number;
  day: number;
}

/** Money in or out of one holder from outside: cash at an agent, or a bank account elsewhere. */
interface Outside {
  holder: number;
  type: "credit" | "debit";
  amount: number;
  day: number;
  account?: string;
}

/** The planted schemes and the look-alikes, as transfers between holders C-1..C-48 (days from the start). */
function book(): { transfers: Transfer[]; outside: Outside[] } {
  const t: Transfer[] = [];
  const outside: Outside[] = [];
  const send = (from: number, to: number, amount: number, day: number) => t.push({ from, to, amount, day });
  const cash = (holder: number, type: Outside["type"], amount: number, day: number) =>
    outside.push({ holder, type, amount, day });
  // Cycle: 25,000 leaves C-1 and comes back through C-2 and C-3, each keeping ~2%.
  send(1, 2, 25_000, 0);
  send(2, 3, 24_500, 1);
  send(3, 1, 24_000, 2.2);
  // Scatter-gather: C-4 splits 60,000 over C-5..C-8, who each pass it to C-9.
  for (const [i, h] of [5, 6, 7, 8].entries()) {
    send(4, h, 15_000, 0.2 + i * 0.1);
    send(h, 9, 14_700, 1.5 + i * 0.3);
  }
  // Gather-scatter: C-10..C-13 pay C-14 within two days; C-14 pays C-15..C-18 a day later.
  for (const [i, h] of [10, 11, 12, 13].entries()) send(h, 14, 10_000, 0.5 + i * 0.5);
  for (const [i, h] of [15, 16, 17, 18].entries()) send(14, h, 9_700, 3.2 + i * 0.1);
  // Layering: 80,000 down C-19 -> C-20 -> C-21 -> C-22, each holding it a week or more.
  send(19, 20, 40_000, 0);
  send(19, 20, 40_000, 0.5);
  send(20, 21, 39_500, 8);
  send(20, 21, 39_500, 8.4);
  send(21, 22, 26_000, 16);
  send(21, 22, 26_000, 16.2);
  send(21, 22, 26_000, 16.9);
  // Fan-in: six holders pay C-37 4,000 each within a week; it takes 95% out as cash. C-37 has
  // banked before, in an amount the scan does not read (a new account would be a mule).
  cash(37, "credit", 150, 2);
  for (const [i, h] of [31, 32, 33, 34, 35, 36].entries()) send(h, 37, 4_000, 30 + i);
  for (const day of [37, 37.5, 38]) cash(37, "debit", 7_600, day);
  // Fan-out: 45,000 from a bank elsewhere, paid to C-39..C-44, who each cash it out within a day.
  outside.push({ holder: 38, type: "credit", amount: 45_000, day: 20, account: "GH-BANK-FAN" });
  for (const [i, h] of [39, 40, 41, 42, 43, 44].entries()) {
    send(38, h, 7_000, 20.5 + i * 0.5);
    cash(h, "debit", 6_800, 20.8 + i * 0.5);
  }
  // A mule: C-49, new, is paid by five ordinary holders (a scam's victims) and cashes it all out.
  for (const [i, victim] of [45, 46, 47, 48, 29].entries()) send(victim, 49, 4_500, 26 + i * 0.4);
  cash(49, "debit", 21_500, 28.5);
  // Structuring: C-50 pays in cash just under 50,000 five times in ten days; C-51 (a smurf) pays
  // 30,000 in cash and passes it to C-50 within hours.
  for (const [i, day] of [10, 12, 14, 17, 20].entries()) cash(50, "credit", 42_000 + i * 1_500, day);
  cash(51, "credit", 30_000, 15);
  send(51, 50, 29_500, 15.2);
  // Look-alikes. A rotating susu: C-23..C-27 pay that week's recipient 200 each, eight weeks.
  const members = [23, 24, 25, 26, 27];
  for (let week = 0; week < 8; week++) {
    const recipient = members[week % members.length]!;
    for (const m of members) if (m !== recipient) send(m, recipient, 200, week * 7 + 0.1);
  }
  // Payroll: C-28 pays eight staff on one day; they buy from C-27's shop, cash out a fifth, send family a little.
  for (const staff of [29, 30, 23, 24, 45, 46, 47, 48]) {
    send(28, staff, 3_000, 24);
    send(staff, 27, 60, 25);
    cash(staff, "debit", 600, 25.5);
  }
  // Family support: C-29 helps C-30 with 3,000, who helps C-24 with 2,900 ten days later.
  send(29, 30, 3_000, 30);
  send(30, 24, 2_900, 40);
  return { transfers: t, outside };
}

const NETWORK_RULE =
  "rule_id IN ('AML-CYC-012', 'AML-SGA-013', 'AML-GSC-014', 'AML-LAY-015', 'AML-FNI-016', 'AML-FNO-017', 'AML-SMF-018')";
const SCHEME_HOLDERS = [
  ...Array.from({ length: 22 }, (_, i) => i + 1),
  ...Array.from({ length: 14 }, (_, i) => i + 31),
  49,
  50,
  51,
];
const LOOKALIKE_HOLDERS = [23, 24, 25, 26, 27, 28, 29, 30, 45, 46, 47, 48];

/** Customers, accounts and both legs of every transfer, the history starting `startDaysAgo`. */
async function load(t: TestTenant, startDaysAgo: number) {
  const customers = Array.from({ length: HOLDERS }, (_, i) => ({
    externalId: `C-${i + 1}`,
    externalSource: "core",
    name: `Holder ${i + 1}`,
  }));
  const start = Date.now() - startDaysAgo * DAY;
  const accounts = customers.map((c, i) => ({
    externalId: `A-${i + 1}`,
    externalSource: "core",
    customerExternalId: c.externalId,
    currency: "GHS",
    currentBalance: "1000.00",
    // The core system's opening date: a year before the history, the mule's days before its fan.
    createdAt: new Date(start + (i + 1 === 49 ? 23 : -365) * DAY).toISOString(),
  }));
  const { transfers, outside } = book();
  const outsideRows = outside.map((x, i) => ({
    externalId: `X-${i}`,
    externalSource: "core",
    accountExternalId: `A-${x.holder}`,
    type: x.type,
    amount: x.amount.toFixed(2),
    currency: "GHS",
    transactionDate: new Date(start + x.day * DAY).toISOString(),
    channel: x.account ? "bank_transfer" : "cash",
    ...(x.account ? { counterpartyName: "Bright Star Investments", counterpartyAccount: x.account } : {}),
  }));
  const transferRows: Record<string, unknown>[] = transfers.flatMap((x, i) => {
    const at = new Date(start + x.day * DAY).toISOString();
    const leg = (side: "debit" | "credit") => ({
      externalId: `T-${i}-${side}`,
      externalSource: "core",
      accountExternalId: `A-${side === "debit" ? x.from : x.to}`,
      type: side,
      amount: x.amount.toFixed(2),
      currency: "GHS",
      transactionDate: at,
      channel: "mobile_money",
      counterpartyName: `Holder ${side === "debit" ? x.to : x.from}`,
      counterpartyAccount: `A-${side === "debit" ? x.to : x.from}`,
    });
    return [leg("debit"), leg("credit")];
  });
  const rows = [...transferRows, ...outsideRows];
  expect((await ingest(t, "customers", customers)).status).toBe(200);
  expect((await ingest(t, "accounts", accounts)).status).toBe(200);
  expect((await ingest(t, "transactions", rows)).recordsWritten).toBe(rows.length);
}

const runNetworkJob = (t: TestTenant) => jobHandlers["monitoring.network"](env, jobs.monitoringNetwork(t.id));

interface AlertBody {
  alertId: string;
  entityId: string;
  ruleIds: string[];
  cases: { caseId: string; action: string }[];
  detail: {
    role: string;
    firstAt: string;
    lastAt: string;
    share: number;
    scheme: { key: string; typology: string; principal: string };
  };
  risk: { score: number; alertScore: number } | null;
}

async function networkAlerts(t: TestTenant): Promise<AlertBody[]> {
  const res = await call("GET", "/v1/monitoring/alerts?kind=aml&limit=100", { key: t.key });
  expect(res.status).toBe(200);
  const body = await json<{ data: AlertBody[] }>(res);
  return body.data.filter((a) => a.ruleIds.some((r) => /^AML-(CYC|SGA|GSC|LAY|FNI|FNO|SMF)-/.test(r)));
}

/** External id number of each customer uuid. */
async function holderNumbers(t: TestTenant): Promise<Map<string, number>> {
  const rows = await shardRows<{ id: string; external_id: string }>(
    t,
    "SELECT id, external_id FROM customers WHERE tenant_id = ?",
    t.id,
  );
  return new Map(rows.map((r) => [r.id, Number(r.external_id.slice(2))]));
}

describe("the network scan", () => {
  it("finds each planted typology with its participants, in event time, and none of the look-alikes", async () => {
    const t = await quietTenant("Network scan");
    // 70 days ago: every scheme ended more than 30 days before the load (a backfill).
    await load(t, 70);
    await runNetworkJob(t);
    const found = await networkAlerts(t);
    const number = await holderNumbers(t);
    const flagged = new Set(found.map((a) => number.get(a.entityId)!));
    expect([...flagged].sort((a, b) => a - b)).toEqual(SCHEME_HOLDERS);
    for (const h of LOOKALIKE_HOLDERS) expect(flagged.has(h), `look-alike C-${h}`).toBe(false);

    const byTypology = (typology: string) => found.filter((a) => a.detail.scheme.typology === typology);
    const holdersOf = (typology: string) =>
      byTypology(typology)
        .map((a) => `${number.get(a.entityId)}:${a.detail.role}`)
        .sort();
    expect(holdersOf("cycle")).toEqual(["1:origin", "2:intermediary", "3:intermediary"]);
    expect(holdersOf("scatter_gather")).toEqual([
      "4:source",
      "5:intermediary",
      "6:intermediary",
      "7:intermediary",
      "8:intermediary",
      "9:sink",
    ]);
    expect(byTypology("gather_scatter").find((a) => number.get(a.entityId) === 14)?.detail.role).toBe("hub");
    expect(holdersOf("layering")).toEqual(["19:source", "20:intermediary", "21:intermediary", "22:sink"]);
    expect(holdersOf("fan_in")).toEqual([
      "31:source",
      "32:source",
      "33:source",
      "34:source",
      "35:source",
      "36:source",
      "37:hub",
      // The mule: its hub only, not the victims who paid it.
      "49:hub",
    ]);
    expect(holdersOf("fan_out")).toEqual([
      "38:hub",
      "39:sink",
      "40:sink",
      "41:sink",
      "42:sink",
      "43:sink",
      "44:sink",
    ]);

    // Each participant scored by its share of the scheme's money against an even split: the
    // structuring smurf (29,500 beside the subject's 240,000, its one other participant) below its
    // subject; the scatter's intermediaries (a quarter of the source's 60,000 each, among five
    // others) whole, like the source; every one raised at the default.
    const scoreOf = (typology: string, holder: number) =>
      byTypology(typology).find((a) => number.get(a.entityId) === holder)!;
    const smurf = scoreOf("structuring", 51);
    const subject = scoreOf("structuring", 50);
    expect(subject.detail.share).toBe(1);
    expect(smurf.detail.share).toBeLessThan(0.5);
    expect(smurf.risk!.score).toBeLessThan(subject.risk!.score);
    expect(smurf.risk!.score).toBeGreaterThanOrEqual(smurf.risk!.alertScore);
    expect(scoreOf("scatter_gather", 5).detail.share).toBeCloseTo(0.25, 2);
    expect(scoreOf("scatter_gather", 5).risk!.score).toBe(scoreOf("scatter_gather", 4).risk!.score);
    expect(scoreOf("scatter_gather", 9).risk!.score).toBe(scoreOf("scatter_gather", 4).risk!.score);

    // One case per scheme, on its principal, named by every participant's alert; the episode's dates.
    const schemes = new Map<string, AlertBody[]>();
    for (const a of found) schemes.set(a.detail.scheme.key, [...(schemes.get(a.detail.scheme.key) ?? []), a]);
    expect(schemes.size).toBe(8);
    expect(holdersOf("structuring")).toEqual(["50:subject", "51:smurf"]);
    for (const [key, alerts] of schemes) {
      const caseIds = new Set(alerts.flatMap((a) => a.cases.map((c) => c.caseId)));
      expect(caseIds.size, key).toBe(1);
      expect(alerts.filter((a) => a.cases[0]?.action === "opened")).toHaveLength(1);
      const firstAt = Date.parse(alerts[0]!.detail.firstAt);
      expect(Date.now() - firstAt).toBeGreaterThan(30 * DAY);
      expect(Date.parse(alerts[0]!.detail.lastAt)).toBeGreaterThanOrEqual(firstAt);
    }
    const cases = await shardRows<{ entity_id: string; rule_id: string }>(
      t,
      `SELECT entity_id, rule_id FROM aml_cases WHERE tenant_id = ? AND ${NETWORK_RULE} ORDER BY rule_id`,
      t.id,
    );
    expect(cases.map((c) => `${c.rule_id}:${number.get(c.entity_id)}`).sort()).toEqual([
      "AML-CYC-012:1",
      "AML-FNI-016:37",
      "AML-FNI-016:49",
      "AML-FNO-017:38",
      "AML-GSC-014:14",
      "AML-LAY-015:19",
      "AML-SGA-013:4",
      "AML-SMF-018:50",
    ]);

    // Each scheme's case lists every participant with its role, and is found from each of them
    // (one participant other than the principal per scheme here: a request each).
    for (const [key, alerts] of schemes) {
      const caseId = alerts[0]!.cases[0]!.caseId;
      const other = alerts.find((a) => a.cases[0]?.action !== "opened") ?? alerts[0]!;
      const res = await call("GET", `/v1/kyc-aml/cases?entityId=${other.entityId}&entityType=customer`, {
        key: t.key,
      });
      expect(res.status).toBe(200);
      const listed = (
        await json<{ data: { id: string; subjects: { entityId: string; role: string }[] }[] }>(res)
      ).data.find((c) => c.id === caseId);
      expect(listed, key).toBeDefined();
      expect(listed!.subjects.map((x) => `${x.entityId}:${x.role}`).sort(), key).toEqual(
        alerts.map((a) => `${a.entityId}:${a.detail.role}`).sort(),
      );
    }
    // A look-alike is no scheme's subject: its case list holds none of them.
    const lookalike = [...number.entries()].find(([, n]) => n === 23)![0];
    const none = await call("GET", `/v1/kyc-aml/cases?entityId=${lookalike}`, { key: t.key });
    expect((await json<{ data: unknown[] }>(none)).data).toEqual([]);

    // The same history scanned again (a portfolio run forces it) adds nothing.
    const run = await call("POST", "/v1/monitoring/runs", { key: t.key });
    expect(run.status).toBe(202);
    const runId = (await json<{ run: { runId: string } }>(run)).run.runId;
    await eventually(
      async () =>
        (
          await json<{ run: { status: string } }>(
            await call("GET", `/v1/monitoring/runs/${runId}`, { key: t.key }),
          )
        ).run,
      (r) => r.status === "completed",
      20_000,
    );
    expect((await networkAlerts(t)).map((a) => a.alertId).sort()).toEqual(found.map((a) => a.alertId).sort());
    const [{ n }] = await shardRows<{ n: number }>(
      t,
      `SELECT count(*) AS n FROM aml_cases WHERE tenant_id = ? AND ${NETWORK_RULE}`,
      t.id,
    );
    expect(n).toBe(8);
  });

  it("runs after arrival screening drains, and the status says when the network was judged", async () => {
    const t = await createTenant({ name: "Network on arrival", shard: 1 });
    const status = async () =>
      (
        await json<{
          status: { network: { upToDate: boolean; lastScanAt: string | null; schemes: number } };
        }>(await call("GET", "/v1/monitoring/status", { key: t.key }))
      ).status.network;
    expect(await status()).toMatchObject({ upToDate: true, lastScanAt: null, schemes: 0 });
    await load(t, 70);
    const judged = await eventually(status, (s) => s.upToDate && s.lastScanAt !== null, 20_000);
    expect(judged.schemes).toBe(8);
    expect(new Set((await networkAlerts(t)).map((a) => a.entityId)).size).toBe(SCHEME_HOLDERS.length);
  });
});
