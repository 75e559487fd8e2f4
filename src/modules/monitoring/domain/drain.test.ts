import { describe, expect, it } from "vitest";
import {
  afterFailure,
  D1_QUERY_LIMIT,
  followUp,
  followUpSettling,
  INITIAL_QUERIES_PER_ENTITY,
  MAX_ATTEMPTS,
  MAX_WAIT_MS,
  nextPageSize,
  PAGE_OVERHEAD_QUERIES,
  PAGE_SIZE,
  QUERY_HEADROOM,
  QUIET_MS,
  settleCut,
  settledAt,
  settleFrom,
  WALL_BUDGET_MS,
} from "./drain";

const fresh = { queriesUsed: 0, elapsedMs: 0, worstQueriesPerEntity: 0, pagesDone: 0 };

describe("nextPageSize", () => {
  it("claims a full page while the budget is wide", () => {
    expect(nextPageSize(fresh)).toBe(PAGE_SIZE);
  });

  it("sizes a first page to what fits under the query limit less the headroom, at the worst measured cost", () => {
    const used = 800;
    const free = D1_QUERY_LIMIT - QUERY_HEADROOM - used - PAGE_OVERHEAD_QUERIES;
    expect(nextPageSize({ ...fresh, queriesUsed: used, worstQueriesPerEntity: 30 })).toBe(
      Math.floor(free / 30),
    );
    // A cheaper measurement than the initial estimate does not raise the page above the estimate's fit.
    expect(nextPageSize({ ...fresh, queriesUsed: used, worstQueriesPerEntity: 1 })).toBe(
      Math.floor(free / INITIAL_QUERIES_PER_ENTITY),
    );
  });

  it("after a page, claims a whole page or hands over to a new invocation, never a smaller page", () => {
    const paged = { ...fresh, pagesDone: 3, worstQueriesPerEntity: 2 };
    // A whole page at the initial estimate: 25 x 20 = 500 queries, so it fits up to 899 - 500 used.
    const lastFit =
      D1_QUERY_LIMIT - QUERY_HEADROOM - PAGE_OVERHEAD_QUERIES - PAGE_SIZE * INITIAL_QUERIES_PER_ENTITY;
    expect(nextPageSize({ ...paged, queriesUsed: lastFit })).toBe(PAGE_SIZE);
    expect(nextPageSize({ ...paged, queriesUsed: lastFit + 1 })).toBe(0);
    // A costlier measurement moves the hand-over earlier.
    expect(nextPageSize({ ...paged, queriesUsed: 200, worstQueriesPerEntity: 30 })).toBe(0);
    expect(nextPageSize({ ...paged, queriesUsed: 100, worstQueriesPerEntity: 30 })).toBe(PAGE_SIZE);
  });

  it("stops when no screening fits or time is up", () => {
    expect(nextPageSize({ ...fresh, queriesUsed: D1_QUERY_LIMIT - QUERY_HEADROOM })).toBe(0);
    expect(nextPageSize({ ...fresh, elapsedMs: WALL_BUDGET_MS, pagesDone: 1 })).toBe(0);
  });

  it("gives a drain its first page whatever the clock says", () => {
    expect(nextPageSize({ ...fresh, elapsedMs: WALL_BUDGET_MS })).toBe(PAGE_SIZE);
  });

  it("never lets a full page of worst-case screenings cross the limit", () => {
    for (let used = 0; used < D1_QUERY_LIMIT; used += 37) {
      for (const worst of [0, 5, 20, 45, 90]) {
        const n = nextPageSize({
          ...fresh,
          queriesUsed: used,
          worstQueriesPerEntity: worst,
          pagesDone: used % 2,
        });
        const cost = used + PAGE_OVERHEAD_QUERIES + n * Math.max(worst, INITIAL_QUERIES_PER_ENTITY);
        if (n > 0) expect(cost).toBeLessThanOrEqual(D1_QUERY_LIMIT - QUERY_HEADROOM);
      }
    }
  });
});

describe("afterFailure", () => {
  const now = new Date("2026-03-01T10:00:00Z");

  it("backs off doubling from 30 s, then dead-letters at the last attempt", () => {
    const delays = [1, 2, 3, 4].map((n) => afterFailure(n - 1, now));
    expect(delays.map((d) => (d.retryAt!.getTime() - now.getTime()) / 1000)).toEqual([30, 60, 120, 240]);
    expect(delays.every((d) => !d.deadLettered)).toBe(true);
    expect(afterFailure(MAX_ATTEMPTS - 1, now)).toEqual({
      attempts: MAX_ATTEMPTS,
      deadLettered: true,
      retryAt: null,
    });
  });
});

describe("followUp", () => {
  const now = new Date("2026-03-01T10:00:00Z");

  it("runs again at once while rows are ready, later for leases and back-offs, else not at all", () => {
    expect(followUp({ ready: 3, nextAt: null }, now)).toEqual({ delaySeconds: 0 });
    expect(followUp({ ready: 0, nextAt: "2026-03-01T10:00:29.200Z" }, now)).toEqual({ delaySeconds: 30 });
    expect(followUp({ ready: 0, nextAt: "2026-03-01T09:59:00Z" }, now)).toEqual({ delaySeconds: 1 });
    expect(followUp({ ready: 0, nextAt: null }, now)).toBeNull();
  });
});

describe("arrivals settle before arrival screening claims them", () => {
  it("reads the quiet period from the environment in seconds; 0 claims at once; default otherwise", () => {
    expect(settleFrom("0")).toBeNull();
    expect(settleFrom("5")).toEqual({ quietMs: 5_000, maxWaitMs: MAX_WAIT_MS });
    expect(settleFrom("45")).toEqual({ quietMs: 45_000, maxWaitMs: 45_000 });
    for (const unset of [undefined, "", "x", "-1"])
      expect(settleFrom(unset)).toEqual({ quietMs: QUIET_MS, maxWaitMs: MAX_WAIT_MS });
  });

  it("cuts at the quiet period and the longest wait; the next claim is the earlier of the two", () => {
    const settle = { quietMs: 2_000, maxWaitMs: 30_000 };
    const now = new Date("2026-12-06T12:00:30.000Z");
    expect(settleCut(settle, now)).toEqual({
      settledBefore: "2026-12-06T12:00:28.000Z",
      waitedBefore: "2026-12-06T12:00:00.000Z",
    });
    // Still receiving (last arrival just now) but first seen 29 s ago: the longest wait decides.
    expect(settledAt(settle, "2026-12-06T12:00:30.000Z", "2026-12-06T12:00:01.000Z")).toBe(
      "2026-12-06T12:00:31.000Z",
    );
    expect(settledAt(settle, "2026-12-06T12:00:20.000Z", "2026-12-06T12:00:19.000Z")).toBe(
      "2026-12-06T12:00:22.000Z",
    );
    expect(settledAt(settle, null, null)).toBeNull();
  });

  it("wakes when the first unsettled row settles, or a lease ends, whichever is first", () => {
    const settle = { quietMs: 2_000, maxWaitMs: 30_000 };
    const now = new Date("2026-12-06T12:00:00.000Z");
    const state = {
      ready: 0,
      nextAt: null,
      unsettledLast: "2026-12-06T11:59:59.500Z",
      unsettledFirst: now.toISOString(),
    };
    expect(followUpSettling(state, settle, now)).toEqual({ delaySeconds: 2 });
    expect(followUpSettling({ ...state, nextAt: "2026-12-06T12:00:01.000Z" }, settle, now)).toEqual({
      delaySeconds: 1,
    });
    // Claiming at once (runs, tests): unsettled rows are not waited for; ready rows: now.
    expect(followUpSettling(state, null, now)).toBeNull();
    expect(followUpSettling({ ...state, ready: 3 }, settle, now)).toEqual({ delaySeconds: 0 });
  });
});
