import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalJson, contentHash } from "./canonical";

describe("canonical JSON", () => {
  it("sorts keys recursively, keeps array order, drops undefined and has no whitespace", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: "x" }, u: undefined })).toBe(
      '{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  it("refuses non-finite numbers rather than writing null", () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
  });
});

describe("content hash", () => {
  it("is sha256 hex of the canonical JSON: same for reordered keys, different for another value", async () => {
    const text = '{"a":1,"b":[1,2]}';
    const expected = createHash("sha256").update(text).digest("hex");
    expect(await contentHash({ b: [1, 2], a: 1 })).toBe(expected);
    expect(await contentHash({ a: 1, b: [1, 2] })).toBe(expected);
    expect(await contentHash({ a: 2, b: [1, 2] })).not.toBe(expected);
  });
});
