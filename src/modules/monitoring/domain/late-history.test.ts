import { describe, expect, it } from "vitest";
import { baselineIncomplete, distinctPoints, LATE_AFTER_MS, mayBeLate, verdictOf } from "./late-history";

const DAY = 86_400_000;
const now = new Date("2026-06-30T12:00:00.000Z");
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY).toISOString();

/** An alert raised as of now on the last 20 days (the newer part of a book sent newest first). */
const raised = { status: "open", asOf: now.toISOString(), firstAt: daysAgo(20) };

describe("mayBeLate", () => {
  it("reads alerts only for arrivals dated more than a day back", () => {
    expect(mayBeLate({ eventsFrom: daysAgo(0.5) }, now)).toBe(false);
    expect(mayBeLate({ eventsFrom: new Date(now.getTime() - LATE_AFTER_MS).toISOString() }, now)).toBe(false);
    expect(mayBeLate({ eventsFrom: daysAgo(3) }, now)).toBe(true);
    expect(mayBeLate({ eventsFrom: null }, now)).toBe(false);
    expect(mayBeLate({}, now)).toBe(false);
  });
});

describe("baselineIncomplete", () => {
  it("is true when rows dated before the episode arrived after it", () => {
    expect(baselineIncomplete(raised, { eventsFrom: daysAgo(40), eventsTo: daysAgo(21) })).toBe(true);
  });

  it("is false for rows dated inside or after the episode (the screening itself judges those)", () => {
    expect(baselineIncomplete(raised, { eventsFrom: daysAgo(20) })).toBe(false);
    expect(baselineIncomplete(raised, { eventsFrom: daysAgo(5) })).toBe(false);
  });

  it("is false for an alert already withdrawn, or one no screening judged as of a date", () => {
    expect(baselineIncomplete({ ...raised, status: "withdrawn" }, { eventsFrom: daysAgo(40) })).toBe(false);
    expect(baselineIncomplete({ ...raised, asOf: null }, { eventsFrom: daysAgo(40) })).toBe(false);
  });

  it("is false when nothing arrived", () => {
    expect(baselineIncomplete(raised, { eventsFrom: null })).toBe(false);
  });

  it("reads a past judgement's own dates: rows before its episode, not before now", () => {
    const past = { status: "open", asOf: daysAgo(30), firstAt: daysAgo(45) };
    expect(baselineIncomplete(past, { eventsFrom: daysAgo(50) })).toBe(true);
    expect(baselineIncomplete(past, { eventsFrom: daysAgo(40) })).toBe(false);
  });
});

describe("verdictOf", () => {
  it("withdraws an alert none of whose rules is raised again", () => {
    expect(verdictOf(["AML-FIN-008"], ["AML-STR-001"])).toEqual({
      kept: [],
      dropped: ["AML-FIN-008"],
      status: "withdrawn",
    });
    expect(verdictOf(["AML-FIN-008"], []).status).toBe("withdrawn");
  });

  it("keeps an alert whose rules are all raised again, unchanged", () => {
    expect(verdictOf(["velocity_count"], ["velocity_count", "amount_spike"])).toEqual({
      kept: ["velocity_count"],
      dropped: [],
      status: "open",
    });
  });

  it("narrows an alert some of whose rules are raised again to those", () => {
    expect(verdictOf(["new_entity_high_activity", "rapid_pass_through"], ["rapid_pass_through"])).toEqual({
      kept: ["rapid_pass_through"],
      dropped: ["new_entity_high_activity"],
      status: "open",
    });
  });
});

describe("distinctPoints", () => {
  it("judges each instant once, latest first", () => {
    expect(distinctPoints([daysAgo(30), daysAgo(0), daysAgo(30)])).toEqual([daysAgo(0), daysAgo(30)]);
  });
});
