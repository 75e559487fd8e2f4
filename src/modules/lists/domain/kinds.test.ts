import { describe, expect, it } from "vitest";
import { entryTypeFor } from "./kinds";

describe("entryTypeFor", () => {
  it("fixes the entry type of countries and allowlists, requires one for watchlists", () => {
    expect(entryTypeFor("high_risk_countries", undefined)).toEqual({ ok: true, entryType: "country" });
    expect(entryTypeFor("allowlist", "entity")).toEqual({ ok: true, entryType: "entity" });
    expect(entryTypeFor("watchlist", "phone")).toEqual({ ok: true, entryType: "phone" });
    expect(entryTypeFor("watchlist", undefined).ok).toBe(false);
    expect(entryTypeFor("watchlist", "country").ok).toBe(false);
    expect(entryTypeFor("allowlist", "name").ok).toBe(false);
  });
});
