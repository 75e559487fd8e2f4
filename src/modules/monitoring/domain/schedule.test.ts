import { describe, expect, it } from "vitest";
import { dueOccurrence, effectiveSchedule, latestOccurrence, type MonitoringSchedule } from "./schedule";

const daily = (hour: number, timeZone = "UTC"): MonitoringSchedule => ({
  frequency: "daily",
  hour,
  timeZone,
});

describe("latestOccurrence", () => {
  it("is null when the schedule is off", () => {
    expect(latestOccurrence({ frequency: "off", hour: 2, timeZone: "UTC" }, new Date())).toBeNull();
  });

  it("daily: today's slot once the hour has come, yesterday's before it", () => {
    const after = latestOccurrence(daily(2), new Date("2026-11-24T02:00:00Z"))!;
    expect(after).toEqual({ key: "daily:2026-11-24T02", at: new Date("2026-11-24T02:00:00Z") });
    const before = latestOccurrence(daily(2), new Date("2026-11-24T01:59:59Z"))!;
    expect(before).toEqual({ key: "daily:2026-11-23T02", at: new Date("2026-11-23T02:00:00Z") });
  });

  it("the same slot all day long, so a missed minute is caught up, never run twice", () => {
    const keys = new Set(
      [3, 9, 15, 23].map((h) => latestOccurrence(daily(2), new Date(Date.UTC(2026, 10, 24, h, 30)))!.key),
    );
    expect([...keys]).toEqual(["daily:2026-11-24T02"]);
  });

  it("reads the hour in the tenant's zone (Africa/Lagos is UTC+1 all year)", () => {
    // 02:00 in Lagos is 01:00 UTC.
    const slot = latestOccurrence(daily(2, "Africa/Lagos"), new Date("2026-11-24T01:30:00Z"))!;
    expect(slot).toEqual({ key: "daily:2026-11-24T02", at: new Date("2026-11-24T01:00:00Z") });
    const earlier = latestOccurrence(daily(2, "Africa/Lagos"), new Date("2026-11-24T00:59:00Z"))!;
    expect(earlier.key).toBe("daily:2026-11-23T02");
  });

  it("keeps the local hour across a daylight-saving change (Europe/London)", () => {
    // 02:00 local is 02:00 UTC in winter and 01:00 UTC in summer.
    expect(latestOccurrence(daily(2, "Europe/London"), new Date("2026-01-15T12:00:00Z"))!.at).toEqual(
      new Date("2026-01-15T02:00:00Z"),
    );
    expect(latestOccurrence(daily(2, "Europe/London"), new Date("2026-07-15T12:00:00Z"))!.at).toEqual(
      new Date("2026-07-15T01:00:00Z"),
    );
  });

  it("hourly: the current local hour, also in a half-hour zone", () => {
    const utc = latestOccurrence(
      { frequency: "hourly", hour: 0, timeZone: "UTC" },
      new Date("2026-11-24T14:59:00Z"),
    )!;
    expect(utc).toEqual({ key: "hourly:2026-11-24T14", at: new Date("2026-11-24T14:00:00Z") });
    // Asia/Kolkata is UTC+5:30: its hours begin at :30 UTC.
    const ist = latestOccurrence(
      { frequency: "hourly", hour: 0, timeZone: "Asia/Kolkata" },
      new Date("2026-11-24T14:20:00Z"),
    )!;
    expect(ist).toEqual({ key: "hourly:2026-11-24T19", at: new Date("2026-11-24T13:30:00Z") });
  });
});

describe("effectiveSchedule", () => {
  it("fills the defaults and takes the tenant's zone, then UTC", () => {
    expect(effectiveSchedule(undefined, undefined)).toEqual({ frequency: "daily", hour: 2, timeZone: "UTC" });
    expect(effectiveSchedule({ hour: 5 }, "Africa/Accra")).toEqual({
      frequency: "daily",
      hour: 5,
      timeZone: "Africa/Accra",
    });
    expect(
      effectiveSchedule({ frequency: "hourly", timeZone: "Asia/Kolkata" }, "Africa/Accra").timeZone,
    ).toBe("Asia/Kolkata");
    // null: the schedule follows the tenant's zone again.
    expect(effectiveSchedule({ timeZone: null }, "Africa/Lagos").timeZone).toBe("Africa/Lagos");
  });
});

describe("dueOccurrence", () => {
  const now = new Date("2026-11-24T10:00:00Z");
  it("the latest slot when it began at or after the schedule was set", () => {
    expect(dueOccurrence(daily(2), now, new Date("2026-11-20T00:00:00Z"))?.key).toBe("daily:2026-11-24T02");
    expect(dueOccurrence(daily(2), now, new Date("2026-11-24T02:00:00Z"))?.key).toBe("daily:2026-11-24T02");
  });

  it("nothing for a slot that began before the tenant was created or the schedule changed", () => {
    expect(dueOccurrence(daily(2), now, new Date("2026-11-24T09:00:00Z"))).toBeNull();
    // Moved from 02:00 to 14:00 at 10:00: yesterday's 14:00 slot is not caught up.
    expect(dueOccurrence(daily(14), now, new Date("2026-11-24T09:59:00Z"))).toBeNull();
    expect(dueOccurrence(daily(14), new Date("2026-11-24T14:00:00Z"), now)?.key).toBe("daily:2026-11-24T14");
  });

  it("nothing when the schedule is off", () => {
    expect(dueOccurrence({ frequency: "off", hour: 2, timeZone: "UTC" }, now, new Date(0))).toBeNull();
  });
});
