import { describe, expect, it } from "vitest";
import { flatRowChunks, jsonArrayChunks } from "./json-chunks";

describe("jsonArrayChunks", () => {
  it("keeps every item, in order, in valid JSON arrays under the byte limit", () => {
    const items = Array.from({ length: 1000 }, (_, i) => ({
      id: i,
      name: `Ama Mensah Ventures ${i}`,
      note: "GH¢",
    }));
    const chunks = jsonArrayChunks(items, 2_000);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(new TextEncoder().encode(chunk).length).toBeLessThanOrEqual(2_000);
    expect(chunks.flatMap((c) => JSON.parse(c))).toEqual(items);
  });

  it("counts UTF-8 bytes, not characters", () => {
    const wide = Array.from({ length: 10 }, () => "¢".repeat(50)); // 100 bytes of text each
    const chunks = jsonArrayChunks(wide, 350);
    expect(chunks.every((c) => new TextEncoder().encode(c).length <= 350)).toBe(true);
    expect(chunks).toHaveLength(4);
  });

  it("gives an oversized item a chunk of its own and nothing for no items", () => {
    expect(jsonArrayChunks(["x".repeat(50), "y"], 20)).toEqual([`["${"x".repeat(50)}"]`, '["y"]']);
    expect(jsonArrayChunks([])).toEqual([]);
  });
});

describe("flatRowChunks", () => {
  const rows = Array.from({ length: 7 }, (_, i) => [`id-${i}`, i, { é: i / 4 }, [i, null], null]);

  it("sends the rows' values one after the other, every row whole", () => {
    const chunks = flatRowChunks(rows, 120);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      const values = JSON.parse(chunk) as unknown[];
      expect(values.length % 5).toBe(0);
      expect(new TextEncoder().encode(chunk).length).toBeLessThanOrEqual(120);
    }
    const back = chunks.flatMap((c) => JSON.parse(c) as unknown[]);
    const regrouped = Array.from({ length: back.length / 5 }, (_, r) => back.slice(r * 5, r * 5 + 5));
    expect(regrouped).toEqual(rows);
  });

  it("gives a row larger than the limit an array of its own", () => {
    const big = ["x".repeat(200), 1, {}, [], null];
    const chunks = flatRowChunks([rows[0], big, rows[1]], 120);
    expect(chunks.map((c) => JSON.parse(c))).toEqual([rows[0], big, rows[1]]);
  });

  it("is one array when everything fits", () => {
    expect(flatRowChunks(rows.slice(0, 2))).toEqual([JSON.stringify(rows.slice(0, 2).flat())]);
  });
});
