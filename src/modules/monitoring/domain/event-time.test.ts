import { describe, expect, it } from "vitest";
import { asOfPoints, EVENT_LOOKBACK_DAYS, PAST_BASELINE_DAYS } from "./event-time";

const DAY = 86_400_000;
const now = new Date("2026-12-06T10:00:00.000Z");
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY).toISOString();
const endOfDayOf = (iso: string) => new Date(`${iso.slice(0, 10)}T23:59:59.999Z`).getTime();
const span = (from: number | null, to: number | null) => ({
  eventsFrom: from === null ? null : daysAgo(from),
  eventsTo: to === null ? null : daysAgo(to),
});
const back = (points: Date[]) => points.map((p) => (now.getTime() - p.getTime()) / DAY);

describe("as-of points of a screening", () => {
  it("judges what arrives as of now, once, whatever its dates, when it brings no baseline for a past window", () => {
    expect(asOfPoints(span(null, null), now, 30)).toEqual([now]);
    expect(asOfPoints(span(0.1, 0.05), now, 30)).toEqual([now]);
    // an entity quiet for weeks, a short backfill: as of now, as a live screening would
    expect(asOfPoints(span(20, 5), now, 30)).toEqual([now]);
    // 60 days: the past window (60, 30] has no history before it
    expect(asOfPoints(span(60, 1), now, 30)).toEqual([now]);
    expect(asOfPoints(span(30 + 30 + PAST_BASELINE_DAYS - 0.5, 1), now, 30)).toEqual([now]);
    // a future-dated row is not a reason to look past now
    expect(asOfPoints(span(0.1, -3), now, 30)).toEqual([now]);
  });

  it("steps back one window at a time over late history, each past window with two weeks of baseline behind it", () => {
    // a 75-day backfill: the window (60, 30] has 15 days before it, so an episode 40 days back
    // is judged in its own window (the benchmark's older takeovers and refunds)
    expect(back(asOfPoints(span(75, 1), now, 30))).toEqual([0, 30]);
    // 120 days arrived: past windows whose window and two weeks before it fit in the span
    const points = asOfPoints(span(120, 1), now, 30);
    expect(back(points)).toEqual([0, 30, 60]);
    for (const p of points.slice(1))
      expect(p.getTime() - (30 + PAST_BASELINE_DAYS) * DAY).toBeGreaterThanOrEqual(Date.parse(daysAgo(120)));
    // a long one stops at the lookback
    const long = asOfPoints(span(400, 1), now, 30);
    expect(Math.max(...back(long))).toBeLessThanOrEqual(EVENT_LOOKBACK_DAYS);
    expect(long).toHaveLength(Math.floor(EVENT_LOOKBACK_DAYS / 30) + 1);
  });

  it("judges a lookback range as of its end", () => {
    const to = daysAgo(30);
    expect(asOfPoints(span(60, 30), now, 30, to).map((d) => d.getTime())).toEqual([endOfDayOf(to)]);
    expect(asOfPoints(span(60, 30), now, 30, daysAgo(0.1))).toEqual([now]);
  });

  it("reads an unparseable span or present as now", () => {
    expect(asOfPoints({ eventsFrom: "garbage", eventsTo: "also garbage" }, now, 30, "nonsense")).toEqual([
      now,
    ]);
  });
});
