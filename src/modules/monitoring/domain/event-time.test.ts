import { describe, expect, it } from "vitest";
import { asOfPoints, BASELINE_DAYS, EVENT_LOOKBACK_DAYS } from "./event-time";

const DAY = 86_400_000;
const now = new Date("2026-12-06T10:00:00.000Z");
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY).toISOString();
const endOfDayOf = (iso: string) => new Date(`${iso.slice(0, 10)}T23:59:59.999Z`).getTime();
const span = (from: number | null, to: number | null) => ({
  eventsFrom: from === null ? null : daysAgo(from),
  eventsTo: to === null ? null : daysAgo(to),
});

describe("as-of points of a screening", () => {
  it("judges a live book as of now, once: arrivals dated today or yesterday, or no span", () => {
    expect(asOfPoints(span(null, null), now, 30)).toEqual([now]);
    expect(asOfPoints(span(0.1, 0.05), now, 30, daysAgo(0.05))).toEqual([now]);
    expect(asOfPoints(span(1.2, 1.1), now, 30, daysAgo(1.1))).toEqual([now]);
    // a future-dated row is not a reason to look past now
    expect(asOfPoints(span(0.1, -3), now, 30, daysAgo(-3))).toEqual([now]);
  });

  it("judges an entity quiet for days as of the book's present, as a live screening would", () => {
    expect(asOfPoints(span(20, 5), now, 30, daysAgo(0.5))).toEqual([now]);
    const present = daysAgo(10);
    expect(asOfPoints(span(20, 14), now, 30, present).map((d) => d.getTime())).toEqual([endOfDayOf(present)]);
  });

  it("judges late history (all of it older than the present's window) as of its own latest day", () => {
    const to = daysAgo(60);
    const [point] = asOfPoints(span(70, 60), now, 30, daysAgo(0.5));
    expect(point!.getTime()).toBe(endOfDayOf(to));
  });

  it("steps back one window at a time over a backfill, each past window with its baseline behind it", () => {
    const present = daysAgo(3);
    const latest = endOfDayOf(present);
    const back = (points: Date[]) => points.map((p) => (latest - p.getTime()) / DAY);
    // 200 days arrived: past windows whose window and baseline (120 days) fit in the span
    const points = asOfPoints(span(200, 3), now, 30, present);
    expect(back(points)).toEqual([0, 30, 60]);
    for (const p of points.slice(1))
      expect(p.getTime() - (30 + BASELINE_DAYS) * DAY).toBeGreaterThanOrEqual(Date.parse(daysAgo(200)));
    // a short backfill (75 days) has no baseline for a past window: judged at the present only
    expect(back(asOfPoints(span(75, 3), now, 30, present))).toEqual([0]);
    // a long one stops at the lookback
    const long = asOfPoints(span(400, 3), now, 30, present);
    expect(Math.max(...back(long))).toBeLessThanOrEqual(EVENT_LOOKBACK_DAYS);
    expect(long).toHaveLength(Math.floor(EVENT_LOOKBACK_DAYS / 30) + 1);
  });

  it("judges a lookback range as of its end", () => {
    const to = daysAgo(30);
    expect(asOfPoints(span(60, 30), now, 30, to).map((d) => d.getTime())).toEqual([endOfDayOf(to)]);
  });

  it("reads an unparseable span or present as now", () => {
    expect(asOfPoints({ eventsFrom: "garbage", eventsTo: "also garbage" }, now, 30, "nonsense")).toEqual([
      now,
    ]);
  });
});
