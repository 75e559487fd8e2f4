import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { packedRows, unpackGroups, unpackRows } from "./packed-rows";

const pair = (v: unknown[]) => ({ a: v[0], b: v[1] });

describe("packed rows", () => {
  it("unpacks chunks in order, across chunk boundaries", () => {
    const chunks = [
      { g: null, rows: '[[1,"x"],[2,null]]' },
      { g: null, rows: '[[3,"\\"q\\" ü"]]' },
    ];
    expect(unpackRows(chunks, pair)).toStrictEqual([
      { a: 1, b: "x" },
      { a: 2, b: null },
      { a: 3, b: '"q" ü' },
    ]);
    expect(unpackRows([], pair)).toStrictEqual([]);
  });

  it("unpacks groups, a group's chunks appended in order", () => {
    const chunks = [
      { g: "e1", rows: "[[1,0]]" },
      { g: "e1", rows: "[[2,0]]" },
      { g: "e2", rows: "[[3,0]]" },
    ];
    const groups = unpackGroups(chunks, pair);
    expect([...groups.keys()]).toEqual(["e1", "e2"]);
    expect(groups.get("e1")?.map((r) => r.a)).toEqual([1, 2]);
    expect(groups.get("e2")?.map((r) => r.a)).toEqual([3]);
  });

  it("refuses a chunk size that is not a positive integer (it is written into the SQL)", () => {
    const source = sql`SELECT 1 AS d, '[]' AS j`;
    for (const chunkBytes of [0, -1, 1.5, Number.NaN])
      expect(() => packedRows(source, { order: sql`d`, cap: 10, chunkBytes })).toThrow(/chunkBytes/);
    expect(() => packedRows(source, { order: sql`d`, cap: 10, chunkBytes: 1000 })).not.toThrow();
  });
});
