import { describe, expect, it } from "vitest";
import { jsonInParts } from "./json-parts";

const text = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe("a JSON answer with its large array in parts", () => {
  it("is the same text as one JSON.stringify, whatever the part size", async () => {
    const value = {
      success: true,
      results: Array.from({ length: 7 }, (_, i) => ({
        id: `c${i}`,
        score: i / 3,
        error: undefined,
        tags: ["a"],
      })),
      summary: { total: 7, byBand: { good: 3 }, note: null },
    };
    for (const perPart of [1, 2, 3, 7, 100])
      expect(await text(jsonInParts(value, "results", perPart))).toBe(JSON.stringify(value));
  });

  it("handles an empty array, the array first or last, and undefined members", async () => {
    const cases = [
      { results: [], summary: { total: 0 } },
      { results: [1, 2, 3] },
      { a: undefined, results: [null, "x"], b: [1] },
    ];
    for (const value of cases)
      expect(await text(jsonInParts(value, "results", 2))).toBe(JSON.stringify(value));
  });

  it("sends one part per pull: the array's items arrive in several chunks", async () => {
    const value = { results: Array.from({ length: 10 }, (_, i) => i) };
    const reader = jsonInParts(value, "results", 3).getReader();
    let chunks = 0;
    while (!(await reader.read()).done) chunks++;
    // The opening, four parts (3 + 3 + 3 + 1), the closing.
    expect(chunks).toBe(6);
  });
});
