import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../../lib/crypto";
import { canonicalJson, GENESIS_HASH, verifyChain } from "../../../lib/hash-chain";
import { anchorKeysFrom, checkAnchor } from "./anchor";
import { anchoredLogEntry, chainedLogEntry, type LogLink, placeAfter } from "./log";

const KEY = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
const owner = { kind: "aml" as const, tenantId: "t-1", caseId: "0190a0b0-0000-7000-8000-000000000002" };

// A kind's entry: its own field names, its own content (the hash leaves out the hashes).
interface Entry {
  seq: number;
  prev: string;
  text: string;
  hash?: string;
}
const content = ({ hash: _h, prev: _p, ...rest }: Entry) => rest;
const place =
  (text: string) =>
  ({ sequence, previousHash }: { sequence: number; previousHash: string }): Entry => ({
    seq: sequence,
    prev: previousHash,
    text,
  });

describe("the one case log builder", () => {
  it("places the first entry at 1 after genesis and each next one after its head", async () => {
    expect(placeAfter(null)).toEqual({ sequence: 1, previousHash: GENESIS_HASH });
    const first = await chainedLogEntry(null, place("a"), content);
    const second = await chainedLogEntry(first.head, place("b"), content);
    expect(first.entry).toMatchObject({ seq: 1, prev: GENESIS_HASH });
    expect(second.entry).toMatchObject({ seq: 2, prev: first.entry.hash });
    expect(second.head).toEqual({ sequence: 2, hash: second.entry.hash });
  });

  it("hashes exactly what the kind names, as the chain has always been hashed", async () => {
    const { entry } = await chainedLogEntry({ sequence: 4, hash: "cd".repeat(32) }, place("x"), content);
    // The chain's rule (lib/hash-chain.ts), recomputed by hand: previous hash, newline, canonical JSON.
    const expected = await sha256Hex(`${"cd".repeat(32)}\n${canonicalJson({ seq: 5, text: "x" })}`);
    expect(entry.hash).toBe(expected);
  });

  it("builds a log that verifies, and anchors the head it makes", async () => {
    const keys = await anchorKeysFrom(KEY);
    let head: LogLink | null = null;
    const entries: Entry[] = [];
    let anchor = { anchor: "", keyId: "" };
    for (const text of ["created", "note", "closed"]) {
      const built: Awaited<ReturnType<typeof anchoredLogEntry<Entry>>> = await anchoredLogEntry(
        keys,
        owner,
        head,
        place(text),
        content,
      );
      entries.push(built.entry);
      head = built.head;
      anchor = built.anchor;
    }
    const checked = await verifyChain(entries.map((e) => ({ hash: e.hash as string, content: content(e) })));
    expect(checked).toMatchObject({ valid: true, eventCount: 3, headHash: head?.hash });
    const anchored = { ...owner, lastSequence: 3, headHash: head?.hash as string };
    expect(await checkAnchor(keys, anchored, anchor)).toBe(true);
    expect(await checkAnchor(keys, { ...anchored, kind: "fraud" }, anchor)).toBe(false);
  });
});
