import { describe, expect, it } from "vitest";
import { days, money, NETWORK_DEFAULTS, TYPOLOGY_PRIORITY } from "./types";

describe("network types", () => {
  it("defaults follow the brief", () => {
    expect(NETWORK_DEFAULTS).toEqual({
      networkMinAmount: 5000,
      networkBurstDays: 3,
      networkMaxHoldDays: 21,
      networkPassPercent: 85,
      cycleMaxHops: 10,
      fanMinParticipants: 3,
    });
    expect(Object.isFrozen(NETWORK_DEFAULTS)).toBe(true);
    expect(TYPOLOGY_PRIORITY).toEqual(["cycle", "scatter_gather", "gather_scatter", "layering"]);
  });

  it("writes minor units as major units with 2 decimals and days with 1", () => {
    expect(money(2_500_050)).toBe("25,000.50");
    expect(money(5)).toBe("0.05");
    expect(money(123_456_789_00)).toBe("123,456,789.00");
    expect(money(-1_000_00)).toBe("-1,000.00");
    expect(days(36 * 3_600_000)).toBe("1.5");
  });
});
