import { describe, expect, it } from "vitest";
import { isCountryCode } from "../../../lib/countries";
import {
  allowlistKey,
  normalizeAccountNumber,
  normalizeCountry,
  normalizeName,
  normalizePhone,
  normalizePrefix,
  normalizeValue,
} from "./normalize";

describe("normalizeName", () => {
  it("applies NFKC, folds case and collapses whitespace", () => {
    expect(normalizeName("  Kwame\t  MENSAH \n")).toBe("kwame mensah");
    // NFKC: full-width letters and the "ﬁ" ligature become their plain forms.
    expect(normalizeName("ＡＣＭＥ ﬁnance")).toBe("acme finance");
    // Folding through upper case: "ß" and "SS" meet.
    expect(normalizeName("Straße")).toBe(normalizeName("STRASSE"));
    // Composed and decomposed accents compare equal.
    expect(normalizeName("Ame\u0301lie")).toBe(normalizeName("Amélie"));
  });
});

describe("normalizePhone", () => {
  it("keeps the digits with the country code", () => {
    expect(normalizePhone("+233 24 123 4567")).toEqual({ ok: true, value: "233241234567" });
    expect(normalizePhone("00233-24-123-4567")).toEqual({ ok: true, value: "233241234567" });
    expect(normalizePhone("+1 (415) 555.0100")).toEqual({ ok: true, value: "14155550100" });
  });

  it.each([
    ["0241234567", /international/],
    ["+233 24 abc", /digits/],
    ["+23", /7 to 15/],
    ["+0241234567", /no leading 0/],
    ["+1234567890123456", /7 to 15/],
    ["+233+241234567", /leading \+/],
  ])("refuses %s", (raw, message) => {
    const result = normalizePhone(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe("normalizeAccountNumber and normalizeCountry", () => {
  it("removes every space and upper-cases account numbers", () => {
    expect(normalizeAccountNumber(" gb29 nwbk 6016 1331 9268 19 ")).toBe("GB29NWBK60161331926819");
  });

  it("upper-cases and validates ISO alpha-2 codes", () => {
    expect(normalizeCountry(" ir ", isCountryCode)).toEqual({ ok: true, value: "IR" });
    expect(normalizeCountry("UK", isCountryCode).ok).toBe(false);
    expect(normalizeCountry("XX", isCountryCode).ok).toBe(false);
  });
});

describe("normalizeValue", () => {
  it("refuses a value that is empty once normalized, or too long", () => {
    expect(normalizeValue("name", " \t ", isCountryCode)).toEqual({
      ok: false,
      message: "the value is empty once normalized",
    });
    expect(normalizeValue("account_number", "A".repeat(201), isCountryCode).ok).toBe(false);
    expect(normalizeValue("counterparty", "  Acme   Ltd ", isCountryCode)).toEqual({
      ok: true,
      value: "acme ltd",
    });
  });
});

describe("allowlistKey and normalizePrefix", () => {
  it("keys an allowlist entry by entity and rule, * for every rule", () => {
    expect(allowlistKey("customer", "c-1", null)).toBe("customer:c-1:*");
    expect(allowlistKey("account", "a:1", "velocity_burst")).toBe("account:a:1:velocity_burst");
  });

  it("normalizes a search prefix like the values, keeping a trailing space of a name", () => {
    expect(normalizePrefix("name", "KWAME ")).toBe("kwame ");
    expect(normalizePrefix("phone", "+233 24")).toBe("23324");
    expect(normalizePrefix("country", "g")).toBe("G");
    expect(normalizePrefix("account_number", "gb29 nw")).toBe("GB29NW");
  });
});
