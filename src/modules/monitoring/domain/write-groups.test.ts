import { describe, expect, it } from "vitest";
import { entityWeight, WRITE_WEIGHT, writeGroups } from "./write-groups";

describe("a page's write in parts", () => {
  it("keeps a page of quiet entities in one batch", () => {
    const quiet = { statements: [], outcomes: [] };
    const page = Array.from({ length: 25 }, () => quiet);
    expect(writeGroups(page, entityWeight)).toHaveLength(1);
    expect(entityWeight(quiet)).toBe(1);
  });

  it("cuts a page with alerts and cases where the weight would pass the bound, in page order", () => {
    // An entity with a case (2 statements) and one alert with 2 events weighs 1 + 2 + 3 = 6.
    const busy = (id: number) => ({ id, statements: [1, 2], outcomes: [{ events: [1, 2] }] });
    expect(entityWeight(busy(0))).toBe(6);
    const page = Array.from({ length: 25 }, (_, i) => busy(i));
    const groups = writeGroups(page, entityWeight);
    const perGroup = Math.floor(WRITE_WEIGHT / 6);
    expect(groups.map((g) => g.length)).toEqual([
      ...Array.from({ length: Math.floor(25 / perGroup) }, () => perGroup),
      ...(25 % perGroup ? [25 % perGroup] : []),
    ]);
    expect(groups.flat().map((e) => e.id)).toEqual(page.map((e) => e.id));
  });

  it("writes an entity heavier than the bound alone, and nothing for an empty page", () => {
    const heavy = { statements: Array.from({ length: 40 }, () => 0), outcomes: [] };
    const light = { statements: [], outcomes: [] };
    expect(writeGroups([light, heavy, light], entityWeight).map((g) => g.length)).toEqual([1, 1, 1]);
    expect(writeGroups([], entityWeight)).toEqual([]);
  });
});
