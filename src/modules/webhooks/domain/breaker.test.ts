import { describe, expect, it } from "vitest";
import {
  afterAttempt,
  type BreakerState,
  beforeSend,
  breakerPhase,
  CLOSED,
  PROBE_LEASE_SECONDS,
} from "./breaker";

const t0 = new Date("2026-03-01T00:00:00.000Z");
const plus = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

function failTimes(n: number, state: BreakerState = CLOSED, now = t0): BreakerState {
  let s = state;
  for (let i = 0; i < n; i++) s = afterAttempt(s, false, now);
  return s;
}

describe("circuit breaker", () => {
  it("stays closed through 4 consecutive failures and opens on the 5th", () => {
    const four = failTimes(4);
    expect(breakerPhase(four, t0)).toBe("closed");
    expect(beforeSend(four, t0)).toEqual({ action: "send" });
    const five = afterAttempt(four, false, t0);
    expect(breakerPhase(five, t0)).toBe("open");
    expect(five.openUntil).toEqual(plus(300));
  });

  it("a success in between resets the count", () => {
    const s = failTimes(3, afterAttempt(failTimes(4), true, t0));
    expect(s.consecutiveFailures).toBe(3);
    expect(breakerPhase(s, t0)).toBe("closed");
  });

  it("defers due deliveries while open (until the cool-down ends), never drops them", () => {
    const open = failTimes(5);
    expect(beforeSend(open, plus(10))).toEqual({ action: "defer", until: plus(300) });
    expect(beforeSend(open, plus(299))).toEqual({ action: "defer", until: plus(300) });
  });

  it("lets one delivery probe after 5 minutes; others defer while the probe is in flight", () => {
    const open = failTimes(5);
    const decision = beforeSend(open, plus(300));
    expect(decision).toEqual({ action: "probe", probeUntil: plus(300 + PROBE_LEASE_SECONDS) });
    const probing: BreakerState = { ...open, probeUntil: plus(300 + PROBE_LEASE_SECONDS) };
    expect(breakerPhase(probing, plus(301))).toBe("half_open");
    expect(beforeSend(probing, plus(301))).toEqual({ action: "defer", until: plus(330) });
    // A probe that never reported (crash) does not hold the breaker forever.
    expect(beforeSend(probing, plus(331)).action).toBe("probe");
  });

  it("a successful probe closes it; a failed probe opens it for another cool-down", () => {
    const probing: BreakerState = { ...failTimes(5), probeUntil: plus(330) };
    expect(afterAttempt(probing, true, plus(301))).toEqual(CLOSED);
    const reopened = afterAttempt(probing, false, plus(301));
    expect(reopened.openUntil).toEqual(plus(601));
    expect(reopened.probeUntil).toBeNull();
    expect(beforeSend(reopened, plus(400)).action).toBe("defer");
  });

  it("accepts a shorter cool-down (local proofs)", () => {
    expect(afterAttempt(failTimes(4), false, t0, 2).openUntil).toEqual(plus(2));
  });
});
