import { describe, expect, it } from "vitest";
import { localDay, previousLocalDay } from "./ctr-day";

describe("CTR day", () => {
  it("is yesterday in Accra (GMT all year)", () => {
    expect(previousLocalDay(new Date("2026-03-06T02:00:00Z"), "Africa/Accra")).toEqual({
      day: "2026-03-05",
      from: "2026-03-05T00:00:00.000Z",
      to: "2026-03-06T00:00:00.000Z",
    });
  });

  it("follows the tenant's zone: at 02:00 UTC it is still the 5th in New York, so the 4th is reported", () => {
    const d = previousLocalDay(new Date("2026-03-06T02:00:00Z"), "America/New_York");
    expect(d).toEqual({
      day: "2026-03-04",
      from: "2026-03-04T05:00:00.000Z",
      to: "2026-03-05T05:00:00.000Z",
    });
  });

  it("spans 23 hours on a spring-forward day", () => {
    const d = localDay("2026-03-29", "Europe/London");
    expect(Date.parse(d.to) - Date.parse(d.from)).toBe(23 * 3_600_000);
  });
});
