import { describe, expect, it } from "vitest";
import { decide } from "./case-state";

describe("decide", () => {
  const open = { state: "potential_match" as const, clearRequestedBy: null };

  it("confirms at once", () => {
    expect(decide(open, "confirmed", "k1")).toEqual({ kind: "confirm" });
  });

  it("clears with four eyes: one key asks, another clears", () => {
    expect(decide(open, "false_positive", "k1")).toEqual({ kind: "request_clear" });
    const asked = { ...open, clearRequestedBy: "k1" };
    expect(decide(asked, "false_positive", "k1")).toMatchObject({
      kind: "refused",
      code: "second_actor_required",
    });
    expect(decide(asked, "false_positive", "k2")).toEqual({ kind: "clear" });
    // Confirming stays open to anyone while a clear is asked.
    expect(decide(asked, "confirmed", "k1")).toEqual({ kind: "confirm" });
  });

  it("refuses to decide a decided case", () => {
    for (const state of ["confirmed", "false_positive"] as const) {
      expect(decide({ state, clearRequestedBy: null }, "confirmed", "k1")).toMatchObject({
        kind: "refused",
        code: "invalid_transition",
      });
    }
  });
});
