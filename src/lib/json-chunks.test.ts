import { describe, expect, it } from "vitest";
import { jsonArrayChunks, utf8ByteLength } from "./json-chunks";

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

describe("utf8ByteLength", () => {
  const encoded = (text: string) => new TextEncoder().encode(text).length;
  // ASCII, 2-byte, 3-byte, surrogate pairs, lone high and low surrogates, NUL and U+FFFF.
  const pool = [
    "a",
    "~",
    "\u0000",
    "¢",
    "\u07ff",
    "\u0800",
    "€",
    "\uffff",
    "😀",
    "\ud83d",
    "\ude00",
    "\ud800\udbff",
  ];
  let seed = 42;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };

  it("agrees with TextEncoder on random strings, non-ASCII and lone surrogates included", () => {
    for (let i = 0; i < 2_000; i++) {
      const parts = Array.from({ length: random(40) }, () =>
        random(3) === 0 ? String.fromCharCode(random(0x10000)) : pool[random(pool.length)],
      );
      const text = parts.join("");
      expect(utf8ByteLength(text), JSON.stringify(text)).toBe(encoded(text));
      expect(utf8ByteLength(JSON.stringify(text))).toBe(encoded(JSON.stringify(text)));
    }
  });

  it("edges: empty, ASCII only, a surrogate at the end", () => {
    for (const text of ["", "plain ascii", "x\ud83d", "\ude00x", "😀😀", "ab¢"])
      expect(utf8ByteLength(text)).toBe(encoded(text));
  });
});
