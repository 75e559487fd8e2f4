import { describe, expect, it } from "vitest";
import { generateOperatorToken, isWellFormedOperatorToken } from "./operator-tokens";

describe("operator tokens", () => {
  it("are cop_ and 40 base62 characters, with a 12-character display prefix", () => {
    const { token, prefix } = generateOperatorToken();
    expect(token).toMatch(/^cop_[0-9A-Za-z]{40}$/);
    expect(isWellFormedOperatorToken(token)).toBe(true);
    expect(token.startsWith(prefix)).toBe(true);
    expect(prefix).toHaveLength(12);
    expect(generateOperatorToken().token).not.toBe(token);
  });

  it("refuse other shapes", () => {
    expect(isWellFormedOperatorToken(`cop_${"a".repeat(39)}`)).toBe(false);
    expect(isWellFormedOperatorToken(`csk_test_${"a".repeat(40)}`)).toBe(false);
    expect(isWellFormedOperatorToken(`cop_${"a".repeat(39)}-`)).toBe(false);
  });
});
