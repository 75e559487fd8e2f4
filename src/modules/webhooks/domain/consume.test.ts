import { describe, expect, it } from "vitest";
import { PROBE_LEASE_SECONDS } from "./breaker";
import { type AttemptFacts, attemptChanges, delaySecondsUntil, gateDelivery } from "./consume";
import { RETRY_WINDOW_SECONDS } from "./schedule";

const t0 = new Date("2026-03-01T12:00:00.000Z");
const plus = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

const delivery = {
  status: "pending",
  attemptCount: 0,
  nextAttemptAt: null as string | null,
  createdAt: t0.toISOString(),
};
const subscription = {
  enabled: true,
  disabledReason: null as string | null,
  deletedAt: null as string | null,
  consecutiveFailures: 0,
  breakerOpenUntil: null as string | null,
  breakerProbeUntil: null as string | null,
};
const gate = (
  d: Partial<typeof delivery> = {},
  s: Partial<typeof subscription> | null = {},
  attemptNumber = 1,
  now = t0,
) =>
  gateDelivery(
    { delivery: { ...delivery, ...d }, subscription: s === null ? null : { ...subscription, ...s } },
    attemptNumber,
    now,
  );

describe("gateDelivery", () => {
  it("sends a due first attempt, carrying the rows", () => {
    expect(gate()).toEqual({ kind: "send", delivery, subscription });
  });

  it("skips missing, finished and stale messages", () => {
    expect(gateDelivery(undefined, 1, t0)).toEqual({ kind: "skip", reason: "no such delivery" });
    expect(gateDelivery(null, 1, t0)).toEqual({ kind: "skip", reason: "no such delivery" });
    expect(gate({ status: "succeeded" })).toEqual({ kind: "skip", reason: "finished" });
    expect(gate({ status: "dead" })).toEqual({ kind: "skip", reason: "finished" });
    expect(gate({ attemptCount: 1 }, {}, 1)).toEqual({ kind: "skip", reason: "stale message" });
    expect(gate({ status: "retrying", attemptCount: 1 }, {}, 2).kind).toBe("send");
  });

  it("waits for a message that came more than a second early", () => {
    expect(gate({ nextAttemptAt: plus(60).toISOString() })).toEqual({ kind: "wait", until: plus(60) });
    expect(gate({ nextAttemptAt: plus(1).toISOString() }).kind).toBe("send");
  });

  it("kills a delivery out of its retry window or without a live subscription", () => {
    const late = plus(RETRY_WINDOW_SECONDS + 1);
    expect(gate({}, {}, 1, late)).toEqual({ kind: "kill", reason: "retry window of 24 hours exceeded" });
    expect(gate({}, {}, 1, plus(RETRY_WINDOW_SECONDS)).kind).toBe("send");
    expect(gate({}, null)).toEqual({ kind: "kill", reason: "subscription deleted" });
    expect(gate({}, { deletedAt: t0.toISOString(), enabled: false })).toEqual({
      kind: "kill",
      reason: "subscription deleted",
    });
    expect(gate({}, { enabled: false })).toEqual({
      kind: "kill",
      reason: "subscription disabled (by the API)",
    });
    expect(gate({}, { enabled: false, disabledReason: "receiver answered 410 Gone" })).toEqual({
      kind: "kill",
      reason: "subscription disabled (receiver answered 410 Gone)",
    });
  });

  it("defers while the breaker is open and probes once the cool-down has passed", () => {
    const open = { consecutiveFailures: 5, breakerOpenUntil: plus(300).toISOString() };
    expect(gate({}, open)).toEqual({ kind: "defer", until: plus(300) });
    const probing = gate({}, open, 1, plus(300));
    expect(probing).toMatchObject({ kind: "probe", probeUntil: plus(300 + PROBE_LEASE_SECONDS) });
    const inFlight = { ...open, breakerProbeUntil: plus(310).toISOString() };
    expect(gate({}, inFlight, 1, plus(305))).toEqual({ kind: "defer", until: plus(310) });
  });
});

describe("delaySecondsUntil", () => {
  it("rounds up and never goes below zero", () => {
    expect(delaySecondsUntil(new Date(t0.getTime() + 1500), t0)).toBe(2);
    expect(delaySecondsUntil(plus(60), t0)).toBe(60);
    expect(delaySecondsUntil(plus(-5), t0)).toBe(0);
  });
});

describe("attemptChanges", () => {
  const facts = (f: Partial<AttemptFacts> = {}): AttemptFacts => ({
    attemptNumber: 1,
    result: { status: 200 },
    refused: false,
    isTest: false,
    now: t0,
    subscription: { consecutiveFailures: 0, breakerOpenUntil: null },
    retryDelays: [60, 300],
    breakerCooldownSeconds: 300,
    ...f,
  });

  it("a success on a healthy subscription leaves the breaker alone", () => {
    expect(attemptChanges(facts())).toEqual({
      plan: { status: "succeeded", nextAttemptAt: null, disableSubscription: false },
      responseStatus: 200,
      error: null,
      breaker: null,
    });
  });

  it("a success after failures closes the breaker", () => {
    const after = attemptChanges(facts({ subscription: { consecutiveFailures: 2, breakerOpenUntil: null } }));
    expect(after.breaker).toEqual({ succeeded: true, openUntilIfTripped: plus(300) });
  });

  it("a failure schedules the retry and counts towards the breaker", () => {
    expect(attemptChanges(facts({ result: { status: 503 } }))).toEqual({
      plan: { status: "retrying", nextAttemptAt: plus(60), disableSubscription: false },
      responseStatus: 503,
      error: "HTTP 503",
      breaker: { succeeded: false, openUntilIfTripped: plus(300) },
    });
    const timeout = attemptChanges(facts({ result: { error: "timeout" }, attemptNumber: 3 }));
    expect(timeout).toMatchObject({ responseStatus: null, error: "timeout", plan: { status: "dead" } });
  });

  it("410 disables the subscription", () => {
    expect(attemptChanges(facts({ result: { status: 410 } })).plan).toEqual({
      status: "dead",
      nextAttemptAt: null,
      disableSubscription: true,
    });
  });

  it("a refused URL is dead at once and moves no breaker", () => {
    expect(attemptChanges(facts({ result: { error: "URL refused: private" }, refused: true }))).toEqual({
      plan: { status: "dead", nextAttemptAt: null, disableSubscription: false },
      responseStatus: null,
      error: "URL refused: private",
      breaker: null,
    });
  });

  it("a test send neither retries, disables nor moves the breaker", () => {
    expect(attemptChanges(facts({ result: { status: 500 }, isTest: true }))).toMatchObject({
      plan: { status: "dead", nextAttemptAt: null, disableSubscription: false },
      breaker: null,
    });
    expect(attemptChanges(facts({ result: { status: 410 }, isTest: true })).plan.disableSubscription).toBe(
      false,
    );
  });
});
