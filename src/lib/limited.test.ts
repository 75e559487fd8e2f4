import { describe, expect, it } from "vitest";
import { eachLimited, limiter, settleLimited } from "./limited";

describe("bounded concurrency", () => {
  it("never has more than the limit in flight, and runs every item", async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    await eachLimited([...Array(20).keys()], 3, async (i) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, (i * 7) % 5));
      seen.push(i);
      inFlight--;
    });
    expect(most).toBe(3);
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
  });

  it("answers per item in order: null or the item's own error, the others unaffected", async () => {
    const ran: number[] = [];
    const out = await settleLimited([1, 2, 3, 4], 2, async (n) => {
      if (n % 2 === 0) throw new Error(`no ${n}`);
      ran.push(n);
    });
    expect(out.map((e) => e?.message ?? null)).toEqual([null, "no 2", null, "no 4"]);
    expect(ran.sort()).toEqual([1, 3]);
  });

  it("a gate lets at most its limit through at once, in arrival order, and passes results and errors on", async () => {
    const gate = limiter(2);
    let inFlight = 0;
    let most = 0;
    const order: number[] = [];
    const runs = [...Array(7).keys()].map((i) =>
      gate(async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        order.push(i);
        await new Promise((r) => setTimeout(r, 2));
        inFlight--;
        if (i === 3) throw new Error("three");
        return i * 10;
      }),
    );
    const settled = await Promise.allSettled(runs);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(settled.map((r) => (r.status === "fulfilled" ? r.value : r.reason.message))).toEqual([
      0,
      10,
      20,
      "three",
      40,
      50,
      60,
    ]);
  });
});
