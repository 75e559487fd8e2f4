import { describe, expect, it } from "vitest";
import { canonicalJson, chainHash, GENESIS_HASH, keyedChainHash, verifyChain } from "./hash-chain";

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

describe("verifyChain with redacted entries", () => {
  const build = async (contents: unknown[]) => {
    const entries: Array<{ hash: string; previousHash: string; content: unknown }> = [];
    let previous = GENESIS_HASH;
    for (const content of contents) {
      const hash = await chainHash(previous, content);
      entries.push({ hash, previousHash: previous, content });
      previous = hash;
    }
    return entries;
  };

  it("keeps a redacted entry's stored hash and recomputes the ones after it", async () => {
    const [a, b, c] = await build([{ note: "Ama Mensah called" }, { note: "x" }, { status: "closed" }]);
    const erased = { ...a, content: { note: "[erased] called" } };
    expect((await verifyChain([erased, b, c])).valid).toBe(false);
    const result = await verifyChain([{ ...erased, redacted: { previousHash: a.previousHash } }, b, c]);
    expect(result).toMatchObject({ valid: true, headHash: c.hash });
  });

  it("still fails when a later entry changed, or a redacted entry does not link to the one before", async () => {
    const [a, b, c] = await build([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const redactedB = { ...b, content: {}, redacted: { previousHash: b.previousHash } };
    expect((await verifyChain([a, redactedB, { ...c, content: { n: 4 } }])).firstInvalidIndex).toBe(2);
    const unlinked = { ...redactedB, redacted: { previousHash: "f".repeat(64) } };
    expect((await verifyChain([a, unlinked, c])).firstInvalidIndex).toBe(1);
  });

  it("keyed: verifies under the entry's key, from a given hash; fails without it", async () => {
    const raw = crypto.getRandomValues(new Uint8Array(32));
    const key = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const hash = keyedChainHash((c) => ((c as { key: string }).key === "k1" ? key : undefined));
    const from = "ab".repeat(32);
    const first = { seq: 1, key: "k1" };
    const second = { seq: 2, key: "k1" };
    const h1 = await hash(from, first);
    const entries = [
      { hash: h1, content: first },
      { hash: await hash(h1, second), content: second },
    ];
    expect(h1).not.toBe(await chainHash(from, first));
    expect((await verifyChain(entries, { from, hash })).valid).toBe(true);
    expect((await verifyChain(entries, { hash })).valid).toBe(false);
    const unknown = [{ ...entries[0], content: { seq: 1, key: "k2" } }];
    expect(await verifyChain(unknown, { from, hash })).toMatchObject({ valid: false, firstInvalidIndex: 0 });
  });
});
