import { describe, expect, it } from "vitest";
import { canonicalJson, chainHash, GENESIS_HASH, verifyChain } from "./hash-chain";

describe("hash chain", () => {
  it("canonicalises key order at every level", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });

  it("verifies an intact chain and finds the first altered entry", async () => {
    const contents = [
      { seq: 1, type: "created" },
      { seq: 2, type: "note_added" },
      { seq: 3, type: "closed" },
    ];
    const entries: Array<{ hash: string; content: unknown }> = [];
    let previous = GENESIS_HASH;
    for (const content of contents) {
      previous = await chainHash(previous, content);
      entries.push({ hash: previous, content });
    }
    expect(await verifyChain(entries)).toEqual({ valid: true, eventCount: 3, headHash: previous });
    entries[1] = { ...entries[1], content: { seq: 2, type: "note_added", extra: "tampered" } };
    const result = await verifyChain(entries);
    expect(result.valid).toBe(false);
    expect(result.firstInvalidIndex).toBe(1);
  });
});
