import { describe, expect, it } from "vitest";
import { ROLE_SCOPES, ROLES, scopesOfRoles } from "./roles";

describe("roles to scopes", () => {
  it("read-only reads cases and writes nothing", () => {
    expect(scopesOfRoles(["read-only"])).toEqual(["fraud:read", "aml:read"]);
    expect(scopesOfRoles(["read-only"]).some((s) => s.endsWith(":write"))).toBe(false);
  });

  it("each role holds every scope of the role below it", () => {
    const ladder = ["read-only", "analyst", "lead", "admin"] as const;
    expect([...ladder].sort()).toEqual([...ROLES].sort());
    for (let i = 0; i < ladder.length - 1; i++) {
      const higher = ROLE_SCOPES[ladder[i + 1]];
      for (const s of ROLE_SCOPES[ladder[i]]) expect(higher).toContain(s);
      expect(higher.length).toBeGreaterThan(ROLE_SCOPES[ladder[i]].length);
    }
  });

  it("the union of several roles holds each scope once; unknown roles grant nothing", () => {
    const both = scopesOfRoles(["analyst", "read-only", "nobody"]);
    expect(new Set(both).size).toBe(both.length);
    expect(both.sort()).toEqual([...ROLE_SCOPES.analyst].sort());
    expect(scopesOfRoles(["nobody"])).toEqual([]);
    expect(scopesOfRoles(["admin"])).toContain("users:write");
  });
});
