import { describe, expect, it } from "vitest";
import { asOfPoints, BASELINE_DAYS, EVENT_LOOKBACK_DAYS } from "./event-time";

const DAY = 86_400_000;
const now = new Date("2026-12-06T10:00:00.000Z");
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY).toISOString();
const endOfDayOf = (iso: string) => new Date(`${iso.slice(0, 10)}T23:59:59.999Z`).getTime();

describe("as-of points of a screening", () => {
  it("judges what arrived dated today or yesterday, or with no span, as of now, once", () => {
    expect(asOfPoints({ eventsFrom: daysAgo(1.2), eventsTo: daysAgo(1.1) }, now, 30)).toEqual([now]);
    expect(asOfPoints({ eventsFrom: null, eventsTo: null }, now, 30)).toEqual([now]);
    expect(asOfPoints({ eventsFrom: daysAgo(0.1), eventsTo: daysAgo(0.05) }, now, 30)).toEqual([now]);
    // a future-dated row is not a reason to look past now
    expect(asOfPoints({ eventsFrom: daysAgo(0.1), eventsTo: daysAgo(-3) }, now, 30)).toEqual([now]);
  });

  it("judges a late day as of the end of that day", () => {
    const to = daysAgo(10);
    const [point] = asOfPoints({ eventsFrom: daysAgo(12), eventsTo: to }, now, 30);
    expect(point!.getTime()).toBe(endOfDayOf(to));
  });

  it("steps back one window at a time over a backfill, each past window with its baseline behind it", () => {
    const to = daysAgo(3);
    const latest = endOfDayOf(to);
    const back = (points: Date[]) => points.map((p) => (latest - p.getTime()) / DAY);
    // 200 days arrived: past windows whose window and baseline (120 days) fit in the span
    const points = asOfPoints({ eventsFrom: daysAgo(200), eventsTo: to }, now, 30);
    expect(back(points)).toEqual([0, 30, 60]);
    for (const p of points.slice(1))
      expect(p.getTime() - (30 + BASELINE_DAYS) * DAY).toBeGreaterThanOrEqual(Date.parse(daysAgo(200)));
    // a short backfill (75 days) has no baseline for a past window: judged at its latest day only
    expect(back(asOfPoints({ eventsFrom: daysAgo(75), eventsTo: to }, now, 30))).toEqual([0]);
    // a long one stops at the lookback
    const long = asOfPoints({ eventsFrom: daysAgo(400), eventsTo: to }, now, 30);
    expect(Math.max(...back(long))).toBeLessThanOrEqual(EVENT_LOOKBACK_DAYS);
    expect(long).toHaveLength(Math.floor(EVENT_LOOKBACK_DAYS / 30) + 1);
  });

  it("reads an unparseable span as now", () => {
    expect(asOfPoints({ eventsFrom: "garbage", eventsTo: "also garbage" }, now, 30)).toEqual([now]);
  });
});
