import { describe, expect, it } from "vitest";
import { FixedWindow } from "./rate-window";

describe("FixedWindow", () => {
  it("counts down within the minute, refuses at zero without counting, and resets on the next minute", () => {
    const w = new FixedWindow();
    const t0 = Date.UTC(2026, 0, 1, 12, 0, 15); // 45 s before the window ends
    expect(w.take(2, t0)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 45 });
    expect(w.take(2, t0 + 1000)).toEqual({ allowed: true, limit: 2, remaining: 0, resetSeconds: 44 });
    expect(w.take(2, t0 + 1500)).toEqual({ allowed: false, limit: 2, remaining: 0, resetSeconds: 44 });
    expect(w.take(2, t0 + 45_000)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
  });

  it("applies a changed limit at once", () => {
    const w = new FixedWindow();
    const t0 = Date.UTC(2026, 0, 1, 12, 0, 0);
    for (let i = 0; i < 5; i++) w.take(100, t0);
    expect(w.take(5, t0).allowed).toBe(false);
    expect(w.take(10, t0).remaining).toBe(4);
  });
});
