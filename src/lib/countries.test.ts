import { describe, expect, it } from "vitest";
import {
  COUNTRY_CODES,
  CURRENCY_COUNTRY,
  countryOfCurrency,
  homeCountryOf,
  isCountryCode,
} from "./countries";

describe("country codes", () => {
  it("holds the 249 assigned ISO 3166-1 alpha-2 codes plus XK, sorted and unique", () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRY_CODES);
    for (const c of COUNTRY_CODES) expect(c).toMatch(/^[A-Z]{2}$/);
  });

  it("accepts assigned codes and refuses reserved, withdrawn, lower-case and made-up ones", () => {
    for (const c of ["GH", "NG", "CI", "SN", "GB", "XK"]) expect(isCountryCode(c)).toBe(true);
    for (const c of ["UK", "EU", "SU", "YU", "QQ", "XO", "gh", "GHA", ""])
      expect(isCountryCode(c)).toBe(false);
  });
});

describe("currency to country", () => {
  it("maps single-country currencies to their issuer", () => {
    const expected = {
      GHS: "GH",
      NGN: "NG",
      KES: "KE",
      UGX: "UG",
      TZS: "TZ",
      ZAR: "ZA",
      USD: "US",
      GBP: "GB",
    };
    for (const [currency, country] of Object.entries(expected))
      expect(countryOfCurrency(currency)).toBe(country);
    expect(countryOfCurrency("ghs")).toBe("GH");
  });

  it("has no country for shared currencies (not the first two letters: XOF is not XO)", () => {
    for (const c of ["EUR", "XOF", "XAF", "XCD", "XPF", "ZZZ"]) expect(countryOfCurrency(c)).toBeNull();
  });

  it("maps only to real country codes", () => {
    for (const country of Object.values(CURRENCY_COUNTRY)) expect(isCountryCode(country)).toBe(true);
  });
});

describe("home country", () => {
  it("is the country setting, else the currency's country, else null", () => {
    expect(homeCountryOf({ country: "CI", currency: "XOF" })).toBe("CI");
    expect(homeCountryOf({ country: "GH", currency: "USD" })).toBe("GH");
    expect(homeCountryOf({ currency: "GHS" })).toBe("GH");
    expect(homeCountryOf({ country: null, currency: "KES" })).toBe("KE");
    expect(homeCountryOf({ currency: "XOF" })).toBeNull();
    expect(homeCountryOf({ currency: "EUR" })).toBeNull();
    // A stored value that is not a country (never accepted by the settings schema) is ignored.
    expect(homeCountryOf({ country: "XO", currency: "XOF" })).toBeNull();
  });
});
