import { describe, expect, it } from "vitest";
import {
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_LEASE_MS,
  isReplayable,
  leaseMs,
  requestFingerprint,
  verdict,
} from "./keys";

describe("idempotency rules", () => {
  it("a claim's lease is 30 s unless IDEMPOTENCY_LEASE_MS is a positive integer", () => {
    expect(IDEMPOTENCY_LEASE_MS).toBe(30_000);
    expect(leaseMs(undefined)).toBe(30_000);
    expect(leaseMs({})).toBe(30_000);
    for (const bad of ["0", "-5", "2.5", "soon"])
      expect(leaseMs({ IDEMPOTENCY_LEASE_MS: bad }), bad).toBe(30_000);
    expect(leaseMs({ IDEMPOTENCY_LEASE_MS: "300" })).toBe(300);
  });

  it("replays 2xx and final 4xx, never 5xx, 408 or 429", () => {
    for (const s of [200, 201, 202, 400, 404, 409, 422]) expect(isReplayable(s), String(s)).toBe(true);
    for (const s of [408, 429, 500, 502, 503]) expect(isReplayable(s), String(s)).toBe(false);
  });

  it("a different body is a mismatch whatever the state; the same body waits or replays", () => {
    expect(verdict({ requestHash: "a", state: "done" }, "b")).toBe("mismatch");
    expect(verdict({ requestHash: "a", state: "in_flight" }, "b")).toBe("mismatch");
    expect(verdict({ requestHash: "a", state: "in_flight" }, "a")).toBe("in_flight");
    expect(verdict({ requestHash: "a", state: "done" }, "a")).toBe("replay");
  });

  it("fingerprints method, path and body", () => {
    const body = new TextEncoder().encode('{"a":1}').buffer as ArrayBuffer;
    const text = (u: Uint8Array) => new TextDecoder().decode(u);
    expect(text(requestFingerprint("post", "/v1/lists?x=1", body))).toBe('POST /v1/lists?x=1\n{"a":1}');
  });

  it("accepts printable keys up to 255 characters", () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test("7f3c9a52-1d2e-4b6a-9c1f-2a3b4c5d6e7f")).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test("a".repeat(256))).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test("has space")).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test("")).toBe(false);
  });
});
