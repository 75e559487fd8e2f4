import { describe, expect, it } from "vitest";
import { jsonArrayChunks } from "./json-chunks";

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
