import { describe, expect, it } from "vitest";
import { type AnchoredHead, anchorHead, anchorKeysFrom, checkAnchor } from "./anchor";

const keyOf = (fill: number) => btoa(String.fromCharCode(...new Uint8Array(32).fill(fill)));
const OLD = keyOf(1);
const NEW = keyOf(2);
const head: AnchoredHead = {
  kind: "fraud",
  tenantId: "t-1",
  caseId: "0190a0b0-0000-7000-8000-000000000001",
  lastSequence: 4,
  headHash: "ab".repeat(32),
};

describe("case head anchors", () => {
  it("check true for the head they were made for, false for any other", async () => {
    const keys = await anchorKeysFrom(OLD);
    const stored = await anchorHead(keys, head);
    expect(stored.anchor).toMatch(/^[0-9a-f]{64}$/);
    expect(await checkAnchor(keys, head, stored)).toBe(true);
    for (const other of [
      { ...head, headHash: "cd".repeat(32) },
      { ...head, lastSequence: 3 },
      { ...head, tenantId: "t-2" },
      { ...head, caseId: "0190a0b0-0000-7000-8000-000000000002" },
      { ...head, kind: "aml" as const },
    ])
      expect(await checkAnchor(keys, other, stored), JSON.stringify(other)).toBe(false);
    expect(await checkAnchor(keys, head, { ...stored, anchor: "00".repeat(32) })).toBe(false);
    expect(await checkAnchor(keys, head, { ...stored, anchor: "not hex" })).toBe(false);
  });

  it("are keyed: another SECRETS_KEY gives another anchor, and none is the plain hash", async () => {
    const a = await anchorHead(await anchorKeysFrom(OLD), head);
    const b = await anchorHead(await anchorKeysFrom(NEW), head);
    expect(a.anchor).not.toBe(b.anchor);
    expect(a.keyId).not.toBe(b.keyId);
  });

  it("rotate like sealed secrets: the first key anchors, every listed key verifies", async () => {
    const before = await anchorHead(await anchorKeysFrom(OLD), head);
    const rotated = await anchorKeysFrom(`${NEW},${OLD}`);
    expect(await checkAnchor(rotated, head, before)).toBe(true);
    const after = await anchorHead(rotated, head);
    expect(after.keyId).toBe((await anchorKeysFrom(NEW)).signingKeyId);
    // Once the old key is gone, its anchors no longer check (fail closed, not "absent").
    expect(await checkAnchor(await anchorKeysFrom(NEW), head, before)).toBe(false);
  });

  it("report an absent anchor as null and refuse to work without SECRETS_KEY", async () => {
    expect(await checkAnchor(await anchorKeysFrom(OLD), head, { anchor: null, keyId: null })).toBeNull();
    await expect(anchorKeysFrom(undefined)).rejects.toThrow(/SECRETS_KEY/);
    await expect(anchorKeysFrom(" ")).rejects.toThrow(/SECRETS_KEY/);
    await expect(anchorKeysFrom("c2hvcnQ=")).rejects.toThrow(/32 bytes/);
  });
});
