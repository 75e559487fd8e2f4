import { describe, expect, it } from "vitest";
import { asOfPoints, EVENT_LOOKBACK_DAYS } from "./event-time";

const DAY = 86_400_000;
const now = new Date("2026-12-06T10:00:00.000Z");
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY).toISOString();
const endOfDayOf = (iso: string) => new Date(`${iso.slice(0, 10)}T23:59:59.999Z`).getTime();

describe("as-of points of a screening", () => {
  it("judges what arrived today, or with no span, as of now, once", () => {
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

  it("steps back one window at a time over a backfill, within the lookback", () => {
    const to = daysAgo(1);
    const points = asOfPoints({ eventsFrom: daysAgo(75), eventsTo: to }, now, 30);
    const latest = endOfDayOf(to);
    expect(points.map((p) => (latest - p.getTime()) / DAY)).toEqual([0, 30, 60]);
    // every arrived day lies in one of the windows (p - 30 days, p]
    const earliest = points.at(-1)!.getTime() - 30 * DAY;
    expect(earliest).toBeLessThan(Date.parse(daysAgo(75)));

    const long = asOfPoints({ eventsFrom: daysAgo(400), eventsTo: to }, now, 30);
    expect((latest - long.at(-1)!.getTime()) / DAY).toBeLessThanOrEqual(EVENT_LOOKBACK_DAYS);
    expect(long).toHaveLength(Math.floor(EVENT_LOOKBACK_DAYS / 30) + 1);
  });

  it("reads an unparseable span as now", () => {
    expect(asOfPoints({ eventsFrom: "garbage", eventsTo: "also garbage" }, now, 30)).toEqual([now]);
  });
});
