import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "./unique-violation";

describe("isUniqueViolation", () => {
  const d1 = new Error(
    "D1_ERROR: UNIQUE constraint failed: tenant_users.tenant_id, tenant_users.email: SQLITE_CONSTRAINT",
  );

  it("finds the unique failure in the error or in a cause it wraps", () => {
    expect(isUniqueViolation(d1)).toBe(true);
    expect(isUniqueViolation(new Error("Failed query: insert ...", { cause: d1 }))).toBe(true);
    expect(isUniqueViolation("UNIQUE constraint failed: x.y")).toBe(true);
  });

  it("names the table when asked, and is false for other failures", () => {
    expect(isUniqueViolation(d1, "tenant_users")).toBe(true);
    expect(isUniqueViolation(d1, "tenant_tombstones")).toBe(false);
    expect(isUniqueViolation(new Error("NOT NULL constraint failed: x.y"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
