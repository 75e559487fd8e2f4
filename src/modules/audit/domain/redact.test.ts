import { describe, expect, it } from "vitest";
import { REDACTED, redactSecrets } from "./redact";

describe("redactSecrets", () => {
  it("masks fields named like secrets, at any depth, and keeps flags and prefixes", () => {
    const input = {
      secret: "whsec_abc",
      previousSecret: "sealed:v1:0a1b2c3d:xyz",
      nested: { password: "hunter2", keyHash: "ab".repeat(32), tokenHash: "cd".repeat(32) },
      key: "csk_test_123",
      hasPassword: true,
      secretPrefix: "whsec_AbCd",
      previousSecretExpiresAt: null,
      list: [{ token: "cop_xyz" }],
      name: "default",
    };
    expect(redactSecrets(input)).toEqual({
      secret: REDACTED,
      previousSecret: REDACTED,
      nested: { password: REDACTED, keyHash: REDACTED, tokenHash: REDACTED },
      key: REDACTED,
      hasPassword: true,
      secretPrefix: "whsec_AbCd",
      previousSecretExpiresAt: null,
      list: [{ token: REDACTED }],
      name: "default",
    });
  });

  it("masks values that look like our secrets under any field name", () => {
    const leaked = { note: "whsec_0123456789", other: ["csk_live_abc", "cop_def", "fine"] };
    expect(redactSecrets(leaked)).toEqual({ note: REDACTED, other: [REDACTED, REDACTED, "fine"] });
  });

  it("keeps short display prefixes but not a whole secret under a prefix name", () => {
    expect(redactSecrets({ prefix: "csk_test_AbC12345", tokenPrefix: `cop_${"x".repeat(40)}` })).toEqual({
      prefix: "csk_test_AbC12345",
      tokenPrefix: REDACTED,
    });
  });

  it("does not change its input", () => {
    const input = { password: "p" };
    redactSecrets(input);
    expect(input.password).toBe("p");
  });
});
