/**
 * ISO 3166-1 alpha-2: the 249 officially assigned codes, plus XK (Kosovo, user-assigned
 * but used by the European Commission, the IMF and SWIFT). Reserved and withdrawn codes
 * (UK, EU, SU, YU, ...) are not countries and are refused.
 */
const CODES =
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR " +
  "BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ " +
  "EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW " +
  "GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY " +
  "KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV " +
  "MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY " +
  "QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG " +
  "TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA " +
  "ZM ZW";

export const COUNTRY_CODES: readonly string[] = CODES.split(" ");
const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

/** An assigned ISO 3166-1 alpha-2 code, upper case (callers upper-case first when they accept "gh"). */
export const isCountryCode = (code: string): boolean => COUNTRY_SET.has(code);

/**
 * The country whose central bank issues a currency, for currencies that belong to one
 * country. Shared currencies have no entry (EUR, XOF, XAF, XCD, ...): a tenant that uses
 * one sets its country explicitly. Derived defaults only; never a guess from the letters.
 */
// biome-ignore format: a table reads better in rows
export const CURRENCY_COUNTRY: Readonly<Record<string, string>> = {
  // Africa
  AOA: "AO", BIF: "BI", BWP: "BW", CDF: "CD", CVE: "CV", DJF: "DJ", DZD: "DZ", EGP: "EG",
  ERN: "ER", ETB: "ET", GHS: "GH", GMD: "GM", GNF: "GN", KES: "KE", KMF: "KM", LRD: "LR",
  LSL: "LS", LYD: "LY", MAD: "MA", MGA: "MG", MRU: "MR", MUR: "MU", MWK: "MW", MZN: "MZ",
  NAD: "NA", NGN: "NG", RWF: "RW", SCR: "SC", SDG: "SD", SLE: "SL", SLL: "SL", SOS: "SO",
  SSP: "SS", STN: "ST", SZL: "SZ", TND: "TN", TZS: "TZ", UGX: "UG", ZAR: "ZA", ZMW: "ZM",
  ZWG: "ZW",
  // Elsewhere (the issuing country; USD is also legal tender in EC, SV, PA, ...)
  AED: "AE", ARS: "AR", AUD: "AU", BDT: "BD", BRL: "BR", CAD: "CA", CHF: "CH", CLP: "CL",
  CNY: "CN", COP: "CO", CZK: "CZ", DKK: "DK", GBP: "GB", HKD: "HK", HUF: "HU", IDR: "ID",
  ILS: "IL", INR: "IN", JPY: "JP", KRW: "KR", MXN: "MX", MYR: "MY", NOK: "NO", NZD: "NZ",
  PEN: "PE", PHP: "PH", PKR: "PK", PLN: "PL", QAR: "QA", RON: "RO", SAR: "SA", SEK: "SE",
  SGD: "SG", THB: "TH", TRY: "TR", TWD: "TW", UAH: "UA", USD: "US", VND: "VN",
};

/** The default country of a currency, or null for a shared or unlisted currency. */
export const countryOfCurrency = (currency: string): string | null =>
  CURRENCY_COUNTRY[currency.toUpperCase()] ?? null;

/**
 * A tenant's home country (AML cross-border): its `country` setting, else the country of its
 * currency; null when neither names one (e.g. XOF without a country setting).
 */
export function homeCountryOf(settings: { country?: unknown; currency: string }): string | null {
  const configured = typeof settings.country === "string" ? settings.country.toUpperCase() : null;
  if (configured && isCountryCode(configured)) return configured;
  return countryOfCurrency(settings.currency);
}

/**
 * Telephone country codes (ITU-T E.164) of the countries a tenant is likely to be in: local phone
 * numbers ("024...") are read in the tenant's country. A country not listed reads none.
 */
// biome-ignore format: a table reads better in rows
export const CALLING_CODES: Readonly<Record<string, string>> = {
  GH: "233", NG: "234", KE: "254", UG: "256", TZ: "255", RW: "250", ZA: "27", ZM: "260",
  ZW: "263", MW: "265", MZ: "258", BW: "267", NA: "264", SL: "232", LR: "231", GM: "220",
  GN: "224", SN: "221", CI: "225", BF: "226", TG: "228", BJ: "229", CM: "237", ET: "251",
  EG: "20", MA: "212", GB: "44", US: "1", CA: "1",
};

export const callingCodeOf = (country: string | null): string | null =>
  country ? (CALLING_CODES[country.toUpperCase()] ?? null) : null;
