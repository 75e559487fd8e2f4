import { describe, expect, it } from "vitest";
import { findUnstorable, unstorableReason } from "./storable-text";

describe("unstorableReason", () => {
  it("refuses lone high and low surrogates and NUL, anywhere in the string", () => {
    for (const text of ["\uD800", "a\uD800b", "x\uDBFF", "\uDC00y", "a\uDFFFb", "\uDE00\uD83D", "a\u0000b"])
      expect(unstorableReason(text), JSON.stringify(text)).not.toBeNull();
  });

  it("accepts well-formed text, surrogate pairs (emoji) and other control characters", () => {
    for (const text of [
      "",
      "plain",
      "Ama Owusu",
      "\uD83D\uDE00",
      "x\uD83D\uDE00y\uD83D\uDE00",
      "\uFEFF\uFFFF",
      "a\r\n\tb",
    ])
      expect(unstorableReason(text), JSON.stringify(text)).toBeNull();
  });
});

describe("findUnstorable", () => {
  it("names the path of the first bad string, in values and keys, at any depth", () => {
    expect(findUnstorable({ ok: "fine", note: "x\uD800" })).toMatchObject({ path: ["note"] });
    expect(findUnstorable({ a: { list: ["ok", { deep: "\uDC00" }] } })).toMatchObject({
      path: ["a", "list", 1, "deep"],
    });
    expect(findUnstorable({ a: { "k\uD800": 1 } })).toMatchObject({ path: ["a", "k\uD800"] });
    expect(findUnstorable({ a: { "k\uD800": 1 } })?.message).toMatch(/^key /);
    expect(findUnstorable("\u0000")).toMatchObject({ path: [] });
  });

  it("answers null for storable values of every JSON type", () => {
    expect(findUnstorable({ a: [1, true, null, "\uD83D\uDE00", { b: "c" }], n: 2.5 })).toBeNull();
    expect(findUnstorable(undefined)).toBeNull();
  });
});

describe("findUnstorable on deep values", () => {
  it("walks 100,000 levels without a stack overflow and reports the full path", () => {
    let deep: unknown = "x\uD800";
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const found = findUnstorable(deep);
    expect(found?.path.length).toBe(100_000);
    expect(found?.path.every((k) => k === "a")).toBe(true);
  });
});
