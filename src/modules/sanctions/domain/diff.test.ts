import { describe, expect, it } from "vitest";
import { diffEntries, entryText } from "./diff";

describe("diffEntries", () => {
  it("sorts references into added, changed and removed", () => {
    const before = new Map([
      ["a", "1"],
      ["b", "2"],
      ["c", "3"],
    ]);
    const after = new Map([
      ["a", "1"],
      ["b", "9"],
      ["d", "4"],
    ]);
    expect(diffEntries(before, after)).toEqual({
      added: ["d"],
      changed: ["b"],
      removed: ["c"],
      unchanged: 1,
    });
  });
});

describe("entryText", () => {
  it("differs when any field differs", () => {
    const e = {
      ref: "r",
      kind: "person",
      names: [{ name: "A", strength: "primary" }],
      datesOfBirth: [],
      nationalities: [],
      programs: [],
      remarks: "",
    };
    expect(entryText(e)).not.toBe(entryText({ ...e, nationalities: ["GH"] }));
    expect(entryText(e)).toBe(entryText({ ...e }));
  });
});
