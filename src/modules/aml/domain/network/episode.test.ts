import { describe, expect, it } from "vitest";
import { addRole, combine, type Episode } from "./episode";
import type { SchemeRole } from "./types";

const episode = (over: Partial<Episode>): Episode => ({
  typology: "layering",
  principal: "A",
  roles: new Map(),
  transfers: new Map(),
  firstMs: 0,
  lastMs: 0,
  hops: 2,
  holdMsMax: 0,
  ratioMin: 1,
  minAmountLimit: 0,
  fan: 0,
  externalOutMinor: 0,
  spreadMs: 0,
  ...over,
});

describe("episodes", () => {
  it("keeps the stronger role of a holder", () => {
    const roles = new Map<string, SchemeRole>();
    addRole(roles, "M", "sink");
    addRole(roles, "M", "intermediary");
    addRole(roles, "M", "source");
    expect(roles.get("M")).toBe("intermediary");
  });

  it("combines episodes: union of roles and transfers, widest span, weakest link, the lower floor (all of them are needed)", () => {
    const a = episode({
      roles: new Map([
        ["A", "source"],
        ["M", "intermediary"],
      ]),
      firstMs: 5,
      lastMs: 9,
      ratioMin: 0.97,
      minAmountLimit: 15_000,
    });
    const b = episode({
      roles: new Map([
        ["C", "source"],
        ["M", "intermediary"],
      ]),
      firstMs: 1,
      lastMs: 7,
      ratioMin: 0.99,
      minAmountLimit: 10_000,
      hops: 3,
    });
    const c = combine([a, b]);
    expect([...c.roles.keys()].sort()).toEqual(["A", "C", "M"]);
    expect(c).toMatchObject({ firstMs: 1, lastMs: 9, ratioMin: 0.97, minAmountLimit: 10_000, hops: 3 });
  });
});
