import { describe, expect, it } from "vitest";
import { jsonInParts as bytesInParts } from "./json-parts";

const jsonInParts = async (...args: Parameters<typeof bytesInParts>) =>
  new TextDecoder().decode(await bytesInParts(...args));

describe("a JSON answer with its large array serialised in parts", () => {
  it("is the same text as one JSON.stringify, whatever the part size", async () => {
    const value = {
      success: true,
      results: Array.from({ length: 7 }, (_, i) => ({
        id: `c${i} é ✓ 😀`,
        score: i / 3,
        error: undefined,
        tags: ["a"],
      })),
      summary: { total: 7, byBand: { good: 3 }, note: null },
    };
    for (const perPart of [1, 2, 3, 7, 100])
      expect(await jsonInParts(value, "results", perPart)).toBe(JSON.stringify(value));
  });

  it("handles an empty array, the array first or last, and undefined members", async () => {
    const cases = [
      { results: [], summary: { total: 0 } },
      { results: [1, 2, 3] },
      { a: undefined, results: [null, "x"], b: [1] },
    ];
    for (const value of cases) expect(await jsonInParts(value, "results", 2)).toBe(JSON.stringify(value));
  });

  it("yields to the event loop between parts, not only to microtasks", async () => {
    const value = { results: Array.from({ length: 10 }, (_, i) => i) };
    let done = false;
    const text = jsonInParts(value, "results", 3).then((t) => {
      done = true;
      return t;
    });
    for (let i = 0; i < 100; i++) await Promise.resolve();
    expect(done).toBe(false);
    // A timer queued now runs before the four parts (3 + 3 + 3 + 1) are done.
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
    }, 0);
    expect(await text).toBe(JSON.stringify(value));
    expect(timerRan).toBe(true);
  });
});
