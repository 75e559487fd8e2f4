import { describe, expect, it } from "vitest";
import { DEFAULT_THRESHOLDS } from "../../detection/domain/aml/thresholds";
import type { ExternalFlow, Transfer } from "./network/types";
import { detectStructuring } from "./network-structuring";

const T = {
  largeCashAmount: DEFAULT_THRESHOLDS.largeCashAmount!,
  structuringMinCount: DEFAULT_THRESHOLDS.structuringMinCount!,
  structuringWindowDays: DEFAULT_THRESHOLDS.structuringWindowDays!,
};
const DAY = 86_400_000;
const at = (day: number) => new Date(Date.UTC(2026, 8, 1) + day * DAY).toISOString();
let n = 0;
const cashIn = (holderId: string, cedis: number, day: number): ExternalFlow => ({
  id: `c${++n}`,
  holderId,
  direction: "in",
  kind: "cash",
  amountMinor: cedis * 100,
  at: at(day),
});
const pay = (from: string, to: string, cedis: number, day: number): Transfer => ({
  id: `t${++n}`,
  from,
  to,
  amountMinor: cedis * 100,
  at: at(day),
});

describe("structuring across accounts and smurfs", () => {
  it("finds cash just under the threshold again and again, and the helpers who passed theirs on", () => {
    const external = [
      ...[0, 2, 4, 7, 9].map((d, i) => cashIn("subject", 42_000 + i * 1_500, d)),
      cashIn("smurf", 30_000, 5),
      cashIn("neighbour", 30_000, 5),
    ];
    const transfers = [pay("smurf", "subject", 29_500, 5.1), pay("neighbour", "subject", 3_000, 5.2)];
    const [hit, ...rest] = detectStructuring({ transfers, external }, T);
    expect(rest).toEqual([]);
    expect(hit!.participants).toEqual([
      { holderId: "subject", role: "subject" },
      { holderId: "smurf", role: "smurf" },
    ]);
    expect(hit!.measures.deposits).toBe(5);
    expect(hit!.reason).toMatch(/^5 cash deposits of 25000.00 to 50000.00/);
  });

  it("leaves alone deposits spread over weeks, everyday cash, and amounts at the threshold (reported anyway)", () => {
    const spread = [0, 15, 30, 45, 60].map((d) => cashIn("a", 45_000, d));
    const everyday = Array.from({ length: 30 }, (_, d) => cashIn("b", 1_200, d * 0.3));
    const reported = [0, 1, 2, 3].map((d) => cashIn("c", 50_000, d));
    const few = [0, 1, 2].map((d) => cashIn("d", 48_000, d));
    expect(
      detectStructuring({ transfers: [], external: [...spread, ...everyday, ...reported, ...few] }, T),
    ).toEqual([]);
  });
});
