import { describe, expect, it } from "vitest";
import { displayPrefix, generateApiKey, graceExpiry, isWellFormedKey, keyState } from "./keys";

describe("api keys", () => {
  it("generates well-formed keys whose display prefix keeps 8 random chars", () => {
    const { key, prefix } = generateApiKey("csk_test_");
    expect(isWellFormedKey(key)).toBe(true);
    expect(key).toMatch(/^csk_test_[0-9A-Za-z]{40}$/);
    expect(prefix).toBe(key.slice(0, 17));
    expect(displayPrefix("csk_live_ABCDEFGHxyz")).toBe("csk_live_ABCDEFGH");
  });

  it("never generates the same key twice in a thousand draws", () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey("csk_test_").key));
    expect(keys.size).toBe(1000);
  });

  it("refuses malformed keys", () => {
    expect(isWellFormedKey("csk_test_short")).toBe(false);
    expect(isWellFormedKey("sk_test_0123456789012345678901234567890123")).toBe(false);
    expect(isWellFormedKey("csk_prod_01234567890123456789012345678901")).toBe(false);
  });

  it("tells active, expired and revoked apart", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    expect(keyState({ revokedAt: null, expiresAt: null }, now)).toBe("active");
    expect(keyState({ revokedAt: null, expiresAt: "2026-06-01T00:00:00Z" }, now)).toBe("expired");
    expect(keyState({ revokedAt: null, expiresAt: "2026-06-01T00:00:01Z" }, now)).toBe("active");
    expect(keyState({ revokedAt: "2026-05-01T00:00:00Z", expiresAt: null }, now)).toBe("revoked");
  });

  it("ends the grace period at the earlier of the grace and the old expiry", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    expect(graceExpiry(null, now, 3600)).toBe("2026-06-01T01:00:00.000Z");
    expect(graceExpiry("2026-06-01T00:30:00.000Z", now, 3600)).toBe("2026-06-01T00:30:00.000Z");
  });
});
