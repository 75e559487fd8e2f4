import { describe, expect, it } from "vitest";
import { type CursorState, decodeCursor, encodeCursor, filterFingerprint, MAX_CURSOR_LENGTH } from "./cursor";
import { AppError } from "./errors";

const state: CursorState = {
  list: "customers",
  filter: filterFingerprint({ status: "active" }),
  key: ["2026-01-31T00:00:00.000Z", "0193a0c4-aaaa-7bbb-8ccc-000000000001"],
  total: 100_000,
  offset: 50,
};

const rejects = (cursor: string) => {
  try {
    decodeCursor(cursor);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("bad_request");
    expect((error as AppError).details?.[0].path).toBe("cursor");
    return;
  }
  throw new Error(`accepted ${cursor}`);
};

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("cursor codec", () => {
  it("round-trips a state, numbers and non-ASCII text included", () => {
    expect(decodeCursor(encodeCursor(state))).toEqual(state);
    const other = { ...state, key: [42.5, "Kwame Nkrumah — Accra", 7] };
    expect(decodeCursor(encodeCursor(other))).toEqual(other);
  });

  it("is URL-safe base64 without padding", () => {
    const cursor = encodeCursor(state);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor.length).toBeLessThan(MAX_CURSOR_LENGTH);
  });

  it("refuses what it did not write, naming cursor", () => {
    rejects("");
    rejects("not a cursor!");
    rejects("%%%");
    rejects("a".repeat(MAX_CURSOR_LENGTH + 1));
    rejects(raw({ list: "customers" }));
    rejects(raw([2, "customers", "f", ["k"], 1, 0])); // another version
    rejects(raw([1, "customers", "f", [], 1, 0])); // no key
    rejects(raw([1, "customers", "f", [{ id: 1 }], 1, 0])); // a key that is not a value
    rejects(raw([1, "customers", "f", [null], 1, 0]));
    rejects(raw([1, "customers", "f", ["k"], -1, 0])); // negative total
    rejects(raw([1, "customers", "f", ["k"], 1, 0.5])); // fractional offset
    rejects(Buffer.from([0xff, 0xfe, 0x00]).toString("base64url")); // not UTF-8
  });

  it("changes when any byte of the payload changes (tampering is caught or harmless)", () => {
    const cursor = encodeCursor(state);
    const flipped = (cursor[5] === "A" ? "B" : "A") + cursor.slice(1);
    expect(() => decodeCursor(flipped)).toThrow(AppError);
  });
});

describe("filterFingerprint", () => {
  it("ignores key order and undefined members", () => {
    expect(filterFingerprint({ a: 1, b: "x" })).toBe(filterFingerprint({ b: "x", a: 1, c: undefined }));
  });

  it("differs for different filters", () => {
    const prints = [
      {},
      { status: "active" },
      { status: "closed" },
      { status: ["a", "b"] },
      { status: ["b", "a"] },
    ];
    expect(new Set(prints.map(filterFingerprint)).size).toBe(prints.length);
  });
});
