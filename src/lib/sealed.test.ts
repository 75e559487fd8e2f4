import { describe, expect, it } from "vitest";
import { emptyResealCount, isSealed, keyringFrom, needsReseal, resealInto, seal, unseal } from "./sealed";

const keyA = Buffer.alloc(32, 1).toString("base64");
const keyB = Buffer.alloc(32, 2).toString("base64");

describe("sealed secrets", () => {
  it("round-trips, and the stored form does not contain the secret", async () => {
    const ring = await keyringFrom(keyA);
    const stored = await seal(ring, "whsec_secret-value", "webhook:t1:s1");
    expect(isSealed(stored)).toBe(true);
    expect(stored).not.toContain("secret-value");
    expect(stored).toMatch(/^sealed:v1:[0-9a-f]{8}:[A-Za-z0-9_-]+$/);
    expect(await unseal(ring, stored, "webhook:t1:s1")).toBe("whsec_secret-value");
  });

  it("uses a fresh IV: the same secret seals differently each time", async () => {
    const ring = await keyringFrom(keyA);
    expect(await seal(ring, "x", "c")).not.toBe(await seal(ring, "x", "c"));
  });

  it("refuses a value moved to another context (row or tenant)", async () => {
    const ring = await keyringFrom(keyA);
    const stored = await seal(ring, "pw", "connector:t1:core_banking");
    await expect(unseal(ring, stored, "connector:t2:core_banking")).rejects.toThrow();
  });

  it("refuses a tampered value", async () => {
    const ring = await keyringFrom(keyA);
    const stored = await seal(ring, "pw", "c");
    const last = stored.at(-1) === "A" ? "B" : "A";
    await expect(unseal(ring, `${stored.slice(0, -1)}${last}`, "c")).rejects.toThrow();
  });

  it("rotates: the first key seals, every listed key unseals, an unknown key is named", async () => {
    const old = await seal(await keyringFrom(keyA), "pw", "c");
    const rotated = await keyringFrom(`${keyB},${keyA}`);
    expect(await unseal(rotated, old, "c")).toBe("pw");
    const fresh = await seal(rotated, "pw", "c");
    expect(fresh.split(":")[2]).not.toBe(old.split(":")[2]);
    await expect(unseal(await keyringFrom(keyA), fresh, "c")).rejects.toThrow(/does not hold/);
  });

  it("says which stored values a rotation still has to rewrite", async () => {
    const old = await seal(await keyringFrom(keyA), "pw", "c");
    const rotated = await keyringFrom(`${keyB},${keyA}`);
    expect(needsReseal(rotated, old)).toBe(true);
    expect(needsReseal(rotated, "whsec_plaintext")).toBe(true);
    expect(needsReseal(rotated, await seal(rotated, "pw", "c"))).toBe(false);
  });

  it("reseals and counts: current values untouched, stale ones rewritten, unreadable ones skipped", async () => {
    const rotated = await keyringFrom(`${keyB},${keyA}`);
    const count = emptyResealCount();
    const where = { table: "t", id: "1" };
    const stale = await seal(await keyringFrom(keyA), "pw", "c");
    const fresh = await resealInto(count, rotated, stale, "c", where);
    expect(fresh).toBeDefined();
    expect(await unseal(await keyringFrom(keyB), fresh!, "c")).toBe("pw");
    expect(await resealInto(count, rotated, fresh!, "c", where)).toBeUndefined();
    expect(await resealInto(count, rotated, stale, "other context", where)).toBeUndefined();
    expect(count).toEqual({ resealed: 1, current: 1, unreadable: 1 });
  });

  it("passes through values stored before sealing", async () => {
    expect(await unseal(await keyringFrom(keyA), "whsec_legacy", "c")).toBe("whsec_legacy");
  });

  it("refuses a missing or malformed SECRETS_KEY with a message that says what is wrong", async () => {
    await expect(keyringFrom(undefined)).rejects.toThrow(/SECRETS_KEY is not set/);
    await expect(keyringFrom(Buffer.alloc(16).toString("base64"))).rejects.toThrow(/32 bytes \(got 16\)/);
  });
});
