import { describe, expect, it } from "vitest";
import {
  type CursorState,
  cursorKeysFrom,
  decodeCursor,
  encodeCursor,
  filterFingerprint,
  MAX_CURSOR_LENGTH,
  signCursorText,
} from "./cursor";
import { AppError } from "./errors";

const SECRETS_KEY = Buffer.alloc(32, 7).toString("base64");
const OTHER_KEY = Buffer.alloc(32, 9).toString("base64");
const keys = await cursorKeysFrom(SECRETS_KEY);

const state: CursorState = {
  list: "customers",
  filter: filterFingerprint({ status: "active" }),
  key: ["2026-01-31T00:00:00.000Z", "0193a0c4-aaaa-7bbb-8ccc-000000000001"],
  total: 100_000,
  offset: 50,
};

const rejects = async (cursor: string | Promise<string>) => {
  try {
    await decodeCursor(keys, await cursor);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("bad_request");
    expect((error as AppError).details?.[0].path).toBe("cursor");
    return;
  }
  throw new Error(`accepted ${cursor}`);
};

/** A well-signed cursor of any shape: only the shape checks can refuse it. */
const raw = (value: unknown) => signCursorText(keys, JSON.stringify(value));

describe("cursor codec", () => {
  it("round-trips a state, numbers and non-ASCII text included", async () => {
    expect(await decodeCursor(keys, await encodeCursor(keys, state))).toEqual(state);
    const other = { ...state, key: [42.5, "Kwame Nkrumah — Accra", 7] };
    expect(await decodeCursor(keys, await encodeCursor(keys, other))).toEqual(other);
  });

  it("is URL-safe base64 without padding", async () => {
    const cursor = await encodeCursor(keys, state);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor.length).toBeLessThan(MAX_CURSOR_LENGTH);
  });

  it("refuses what it did not write, naming cursor", async () => {
    await rejects("");
    await rejects("not a cursor!");
    await rejects("%%%");
    await rejects("a".repeat(MAX_CURSOR_LENGTH + 1));
    await rejects(raw({ list: "customers" }));
    await rejects(raw([1, "customers", "f", ["k"], 1, 0])); // another version
    await rejects(raw([2, "customers", "f", [], 1, 0])); // no key
    await rejects(raw([2, "customers", "f", [{ id: 1 }], 1, 0])); // a key that is not a value
    await rejects(raw([2, "customers", "f", [null], 1, 0]));
    await rejects(raw([2, "customers", "f", ["k"], -1, 0])); // negative total
    await rejects(raw([2, "customers", "f", ["k"], 1, 0.5])); // fractional offset
    await rejects(Buffer.from([0xff, 0xfe, 0x00]).toString("base64url")); // not UTF-8
  });

  it("refuses an unsigned, altered or foreign cursor", async () => {
    const cursor = await encodeCursor(keys, state);
    // The unsigned cursor of version 1, with a total of the caller's choosing.
    await rejects(
      Buffer.from(JSON.stringify([1, state.list, state.filter, state.key, 5, 0])).toString("base64url"),
    );
    // Any one character changed, in the payload or in the tag (its last one: even in the bits
    // that base64 discards).
    for (const at of [0, 5, cursor.length - 30, cursor.length - 1]) {
      await rejects(cursor.slice(0, at) + (cursor[at] === "A" ? "B" : "A") + cursor.slice(at + 1));
    }
    const last = cursor.at(-1) as string;
    const sibling = String.fromCharCode(last.charCodeAt(0) ^ 1);
    if (/[A-Za-z0-9_-]/.test(sibling)) await rejects(cursor.slice(0, -1) + sibling);
    // Another total, re-encoded without the key.
    const forged = Buffer.from(JSON.stringify([2, state.list, state.filter, state.key, 1, 0])).toString(
      "base64url",
    );
    await rejects(forged + cursor.slice(-22));
    // Made under another SECRETS_KEY.
    await rejects(encodeCursor(await cursorKeysFrom(OTHER_KEY), state));
  });

  it("accepts cursors of every key of a rotation: the first signs, all verify", async () => {
    const rotated = await cursorKeysFrom(`${OTHER_KEY},${SECRETS_KEY}`);
    const old = await encodeCursor(keys, state);
    expect(await decodeCursor(rotated, old)).toEqual(state);
    expect(await encodeCursor(rotated, state)).not.toBe(old);
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
