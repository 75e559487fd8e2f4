import { describe, expect, it } from "vitest";
import { forbiddenKeyPath, jsonBytes, jsonDepth } from "./json-guard";

/** `{"a": {"a": ... 1}}` `levels` objects deep, built without recursion. */
const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

describe("forbiddenKeyPath", () => {
  it("finds __proto__ as JSON.parse leaves it (an own property), with its path", () => {
    const body = JSON.parse('{"metadata": {"list": [{"ok": 1}, {"__proto__": {"status": "reversed"}}]}}');
    expect(forbiddenKeyPath(body)).toBe("metadata.list.1.__proto__");
    expect(({} as Record<string, unknown>).status).toBeUndefined();
  });

  it("finds constructor and prototype, and takes a prefix", () => {
    expect(forbiddenKeyPath(JSON.parse('{"a": {"constructor": {"prototype": 1}}}'))).toBe("a.constructor");
    expect(forbiddenKeyPath(JSON.parse('[{"x": {"prototype": 1}}]'), "7")).toBe("7.0.x.prototype");
  });

  it("passes ordinary values, including those words as values", () => {
    expect(forbiddenKeyPath({ note: "__proto__", tags: ["constructor"], n: 1 })).toBeNull();
    expect(forbiddenKeyPath("prototype")).toBeNull();
    expect(forbiddenKeyPath(null)).toBeNull();
  });

  it("walks a 100,000-deep value without overflowing the stack", () => {
    expect(forbiddenKeyPath(nested(100_000))).toBeNull();
  });
});

describe("jsonDepth", () => {
  it("counts levels: scalars 0, {} 1, nested objects and arrays", () => {
    expect(jsonDepth(5)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [{ b: 1 }] })).toBe(3);
    expect(jsonDepth(nested(32))).toBe(32);
  });

  it("measures a 100,000-deep value iteratively and stops early past the limit", () => {
    expect(jsonDepth(nested(100_000))).toBe(100_000);
    expect(jsonDepth(nested(100_000), 32)).toBe(33);
  });
});

describe("jsonBytes", () => {
  it("counts UTF-8 bytes of the JSON text", () => {
    expect(jsonBytes({ a: "é" })).toBe(new TextEncoder().encode('{"a":"é"}').length);
  });
});
