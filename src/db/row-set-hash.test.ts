import { describe, expect, it } from "vitest";
import { updateRowSetHash } from "./row-set-hash";

const rows = ['["a",1]', '["b",2]', '["c",3]', '["d",4]'];

describe("updateRowSetHash", () => {
  it("does not depend on the order or grouping in which rows are added", async () => {
    const oneGo = await updateRowSetHash("", rows);
    const reversed = await updateRowSetHash("", [...rows].reverse());
    const inPages = await updateRowSetHash(await updateRowSetHash("", rows.slice(2)), rows.slice(0, 2));
    expect(reversed).toBe(oneGo);
    expect(inPages).toBe(oneGo);
    expect(oneGo).toMatch(/^[0-9a-f]{32}$/);
  });

  it("takes a row's contribution out again, so a changed row can be replaced", async () => {
    const before = await updateRowSetHash("", rows);
    const replaced = await updateRowSetHash(before, ['["b",20]'], ['["b",2]']);
    expect(replaced).toBe(await updateRowSetHash("", [rows[0]!, '["b",20]', rows[2]!, rows[3]!]));
    expect(replaced).not.toBe(before);
    expect(await updateRowSetHash(before, [], rows)).toBe("0".repeat(32));
  });

  it("tells sets apart that differ in one row, or in how many times a row appears", async () => {
    const all = await updateRowSetHash("", rows);
    expect(await updateRowSetHash("", rows.slice(1))).not.toBe(all);
    expect(await updateRowSetHash("", [...rows, rows[0]!])).not.toBe(all);
  });
});
