import { describe, expect, it } from "vitest";
import {
  classifyAttempt,
  DEFAULT_RETRY_DELAYS_SECONDS,
  maxAttempts,
  nextRetryDelay,
  parseRetrySchedule,
  planAfterAttempt,
  retryWindowExpired,
} from "./schedule";

const t0 = new Date("2026-03-01T00:00:00.000Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000).toISOString();

describe("retry schedule", () => {
  it("waits 1 min, 5 min, 30 min, 2 h, 6 h between the six attempts", () => {
    expect(DEFAULT_RETRY_DELAYS_SECONDS).toEqual([60, 300, 1800, 7200, 21600]);
    expect(maxAttempts(DEFAULT_RETRY_DELAYS_SECONDS)).toBe(6);
    expect([1, 2, 3, 4, 5, 6].map((n) => nextRetryDelay(n, DEFAULT_RETRY_DELAYS_SECONDS))).toEqual([
      60,
      300,
      1800,
      7200,
      21600,
      null,
    ]);
  });

  it("puts every attempt of an always-failing delivery inside 24 hours, then dead", () => {
    let now = t0;
    const attemptTimes: string[] = [];
    let status = "pending";
    for (let n = 1; status !== "dead"; n++) {
      attemptTimes.push(now.toISOString());
      const plan = planAfterAttempt(n, { status: 500 }, now, DEFAULT_RETRY_DELAYS_SECONDS);
      status = plan.status;
      if (plan.nextAttemptAt) now = plan.nextAttemptAt;
    }
    expect(attemptTimes).toEqual([at(0), at(60), at(360), at(2160), at(9360), at(30960)]);
    expect(30960).toBeLessThan(24 * 3600);
  });

  it("gives up on a delivery 24 hours after it was created, whatever deferred it", () => {
    expect(retryWindowExpired(t0, new Date(at(86_400)))).toBe(false);
    expect(retryWindowExpired(t0, new Date(at(86_401)))).toBe(true);
  });

  it("accepts an injected schedule and falls back on nonsense", () => {
    expect(parseRetrySchedule("1,2,3")).toEqual([1, 2, 3]);
    expect(parseRetrySchedule(" 1, 1 ,1,1,1")).toEqual([1, 1, 1, 1, 1]);
    expect(parseRetrySchedule(undefined)).toBe(DEFAULT_RETRY_DELAYS_SECONDS);
    for (const bad of ["", "a,b", "1,-1", "0", "1.5", "99999999"]) {
      expect(parseRetrySchedule(bad)).toBe(DEFAULT_RETRY_DELAYS_SECONDS);
    }
  });
});

describe("status-code matrix", () => {
  it.each([
    [{ status: 200 }, "succeeded"],
    [{ status: 201 }, "succeeded"],
    [{ status: 204 }, "succeeded"],
    [{ status: 299 }, "succeeded"],
    [{ status: 301 }, "retry"],
    [{ status: 302 }, "retry"],
    [{ status: 307 }, "retry"],
    [{ status: 400 }, "retry"],
    [{ status: 401 }, "retry"],
    [{ status: 404 }, "retry"],
    [{ status: 410 }, "disable"],
    [{ status: 429 }, "retry"],
    [{ status: 500 }, "retry"],
    [{ status: 503 }, "retry"],
    [{ error: "timeout after 10000 ms" }, "retry"],
    [{ error: "connection refused" }, "retry"],
  ] as const)("%j -> %s", (result, verdict) => {
    expect(classifyAttempt(result)).toBe(verdict);
  });

  it("410 kills the delivery and disables the subscription without retrying", () => {
    expect(planAfterAttempt(1, { status: 410 }, t0, DEFAULT_RETRY_DELAYS_SECONDS)).toEqual({
      status: "dead",
      nextAttemptAt: null,
      disableSubscription: true,
    });
  });

  it("a success on the last attempt still succeeds; a failure on it is dead", () => {
    expect(planAfterAttempt(6, { status: 200 }, t0, DEFAULT_RETRY_DELAYS_SECONDS).status).toBe("succeeded");
    expect(planAfterAttempt(6, { status: 429 }, t0, DEFAULT_RETRY_DELAYS_SECONDS).status).toBe("dead");
    expect(planAfterAttempt(1, { status: 302 }, t0, DEFAULT_RETRY_DELAYS_SECONDS)).toMatchObject({
      status: "retrying",
      nextAttemptAt: new Date(at(60)),
    });
  });
});
