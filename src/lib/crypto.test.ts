import { describe, expect, it, vi } from "vitest";
import { timingSafeEqualText, uuidV7 } from "./crypto";

describe("uuidV7", () => {
  it("is an RFC 9562 version 7 UUID whose first 48 bits are the time in milliseconds", () => {
    const at = new Date("2026-11-21T12:34:56.789Z");
    const id = uuidV7(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(at.getTime());
  });

  it("sorts by time across milliseconds and differs within one", () => {
    const earlier = uuidV7(new Date(1_000));
    const later = uuidV7(new Date(1_001));
    expect(earlier < later).toBe(true);
    const same = new Set(Array.from({ length: 1_000 }, () => uuidV7(new Date(5))));
    expect(same.size).toBe(1_000);
  });
});

describe("timingSafeEqualText", () => {
  it("answers equality", async () => {
    expect(await timingSafeEqualText("cop_abc", "cop_abc")).toBe(true);
    expect(await timingSafeEqualText("cop_abc", "cop_abd")).toBe(false);
    expect(await timingSafeEqualText("short", "a much longer secret value")).toBe(false);
    expect(await timingSafeEqualText("", "")).toBe(true);
  });

  it("compares SHA-256 digests of both sides, so unequal lengths cost the same as equal ones", async () => {
    const digest = vi.spyOn(crypto.subtle, "digest");
    try {
      await timingSafeEqualText("x", "a-token-of-forty-characters-0123456789ab");
      const hashed = digest.mock.calls.map(([algorithm, data]) => [
        algorithm,
        new TextDecoder().decode(data as Uint8Array),
      ]);
      expect(hashed).toEqual([
        ["SHA-256", "x"],
        ["SHA-256", "a-token-of-forty-characters-0123456789ab"],
      ]);
    } finally {
      digest.mockRestore();
    }
  });
});
