import { describe, expect, it } from "vitest";
import { WINDOW_DAYS } from "../../src/modules/monitoring/screening/service";
import { ago, customerWith } from "../aml/helpers";
import { call, createTenant, json } from "../harness";
import { eventually } from "../webhooks/helpers";
import { alerts, pending, quietTenant, runScreenJob, screenings } from "./helpers";

const DAY = 86_400_000;
const endOfDay = (iso: string) => Date.parse(`${iso.slice(0, 10)}T23:59:59.999Z`);
const cash = (days: number, amountMinor: number) => ({
  amountMinor,
  transactionDate: ago(days),
  channel: "cash",
});

describe("event time", () => {
  it("screens a backfill as of when it happened: an episode older than the window is found in its own window", async () => {
    const t = await quietTenant("Event time");
    // A large cash deposit 45 days ago, then ordinary small ones: a window ending now (30 days) cannot see it.
    const recent = ago(2);
    // A history of half a year arrives at once: the past window has its baseline behind it.
    const { customerId } = await customerWith(t, [
      cash(200, 20_000),
      cash(45, 6_000_000),
      cash(10, 20_000),
      cash(2, 15_000),
    ]);
    const [row] = (await pending(t)).filter((r) => r.entity_id === customerId) as Array<
      Awaited<ReturnType<typeof pending>>[number] & { events_from: string; events_to: string }
    >;
    // The pending row keeps the span of the arrived transaction dates.
    expect(row!.events_from.slice(0, 10)).toBe(ago(200).slice(0, 10));
    expect(row!.events_to.slice(0, 10)).toBe(recent.slice(0, 10));

    await runScreenJob(t);
    const [aml] = (await alerts(t, customerId)).filter((a) => a.kind === "aml");
    expect(aml, "the old cash deposit is found").toBeDefined();
    expect(JSON.parse(aml!.rule_ids)).toContain("AML-LCT-001");
    // Judged one window before now (the history brings that window's baseline): it holds day -45.
    const detail = JSON.parse((aml as unknown as { detail: string }).detail) as { windowEnd: string };
    const asOf = Date.parse(detail.windowEnd);
    expect(Math.abs(asOf - (Date.now() - WINDOW_DAYS * DAY))).toBeLessThan(DAY);
    expect(Date.parse(ago(45))).toBeGreaterThan(asOf - WINDOW_DAYS * DAY);
    expect(Date.parse(ago(45))).toBeLessThanOrEqual(asOf);
  });

  it("judges a short backfill (75 days) in its past window too: two weeks of history stand before it", async () => {
    const t = await quietTenant("Event time short");
    const { customerId } = await customerWith(t, [
      cash(75, 20_000),
      cash(70, 20_000),
      cash(45, 6_000_000),
      cash(10, 20_000),
    ]);
    await runScreenJob(t);
    const [aml] = (await alerts(t, customerId)).filter((a) => a.kind === "aml");
    expect(aml, "the deposit 45 days back is found in the window that holds it").toBeDefined();
    expect(JSON.parse(aml!.rule_ids)).toContain("AML-LCT-001");
    const detail = JSON.parse((aml as unknown as { detail: string }).detail) as { windowEnd: string };
    expect(Math.abs(Date.parse(detail.windowEnd) - (Date.now() - WINDOW_DAYS * DAY))).toBeLessThan(DAY);
  });

  it("screens what arrives today as of now, once", async () => {
    const t = await quietTenant("Event time live");
    const before = Date.now();
    const { customerId } = await customerWith(t, [cash(0.1, 6_000_000)]);
    await runScreenJob(t);
    const [aml] = (await alerts(t, customerId)).filter((a) => a.kind === "aml");
    const detail = JSON.parse((aml as unknown as { detail: string }).detail) as { windowEnd: string };
    expect(Date.parse(detail.windowEnd)).toBeGreaterThanOrEqual(before);
    expect((await alerts(t, customerId)).filter((a) => a.kind === "aml")).toHaveLength(1);
  });

  it("a portfolio run over a lookback range screens every entity with history in it, unchanged or not, as of its dates", async () => {
    const t = await createTenant({
      name: "Lookback run",
      shard: 1,
      settings: { monitoring: { onArrival: false, schedule: { frequency: "off" } } },
    });
    const { customerId } = await customerWith(t, [cash(50, 6_000_000), cash(40, 20_000)]);
    const outside = await customerWith(t, [cash(80, 20_000)]);
    await runScreenJob(t);
    const before = (await alerts(t, customerId)).length;
    expect((await pending(t)).length).toBe(0);

    const start = (body: unknown) => call("POST", "/v1/monitoring/runs", { key: t.key, body });
    const fieldOf = async (res: Response) => {
      expect(res.status).toBe(400);
      return (await json<{ error: { details: Array<{ path: string }> } }>(res)).error.details.map(
        (d) => d.path,
      );
    };
    expect(await fieldOf(await start({ lookback: { from: ago(10), to: ago(-1) } }))).toEqual(["to"]);
    expect(await fieldOf(await start({ lookback: { from: ago(10), to: ago(20) } }))).toEqual(["from"]);
    expect(await fieldOf(await start({ lookback: { from: ago(200), to: ago(1) } }))).toEqual(["from"]);
    expect(await fieldOf(await start({ lookback: { from: "yesterday", to: ago(1) } }))).toEqual([
      "lookback.from",
    ]);

    const lookback = { from: ago(60), to: ago(30) };
    const res = await start({ lookback });
    expect(res.status).toBe(202);
    const { run } = await json<{ run: { runId: string; lookback: unknown } }>(res);
    expect(run.lookback).toEqual(lookback);
    const done = await eventually(
      async () =>
        (
          await json<{ run: { status: string; figures: Record<string, number> } }>(
            await call("GET", `/v1/monitoring/runs/${run.runId}`, { key: t.key }),
          )
        ).run,
      (r) => r.status !== "running",
      30_000,
    );
    expect(done.status).toBe("completed");
    // Screened again although nothing of it arrived since; the customer with history only outside the range is not.
    expect(done.figures.entitiesScreened).toBeGreaterThan(0);
    expect((await screenings(t, customerId))[0]!.screenings).toBe(2);
    expect((await screenings(t, outside.customerId))[0]!.screenings).toBe(1);
    // Its alert is judged as of the range's end, which holds day -50 (a window of 30 days).
    const after = await alerts(t, customerId);
    expect(after.length).toBeGreaterThan(before);
    const detail = JSON.parse((after.at(-1) as unknown as { detail: string }).detail) as {
      windowEnd?: string;
    };
    if (detail.windowEnd) expect(Date.parse(detail.windowEnd)).toBeLessThanOrEqual(endOfDay(lookback.to));
  });
});
