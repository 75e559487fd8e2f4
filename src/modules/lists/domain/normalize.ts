/**
 * Value normalization (docs/decisions/lists.md#normalization). Entries are stored normalized,
 * so a membership test is an equality on (tenant_id, list_id, value).
 */
import type { EntityType, EntryType } from "./kinds";

export type Normalized = { ok: true; value: string } | { ok: false; message: string };

const MAX_VALUE_LENGTH = 200;

/**
 * Names and counterparties: Unicode NFKC, case folded (upper then lower, so "ß" and "SS" meet
 * as "ss"), runs of whitespace collapsed to one space, trimmed.
 */
export const normalizeName = (raw: string): string =>
  raw.normalize("NFKC").toUpperCase().toLowerCase().replace(/\s+/gu, " ").trim();

/**
 * Phones: international form only ("+233 24 123 4567" or "00233..."), kept as the digits with
 * the country code ("233241234567"). A local number ("024...") is refused: without its country
 * code it cannot be compared across tenants' customers.
 */
export function normalizePhone(raw: string): Normalized {
  const trimmed = raw.trim();
  if (/[^\d\s+().-]/.test(trimmed))
    return { ok: false, message: "a phone holds digits, spaces, + ( ) . - only" };
  let digits: string;
  if (trimmed.startsWith("+")) digits = trimmed.slice(1).replace(/\D/g, "");
  else if (trimmed.startsWith("00")) digits = trimmed.slice(2).replace(/\D/g, "");
  else return { ok: false, message: "give the phone in international form, with its country code (+233...)" };
  if (trimmed.indexOf("+", 1) !== -1) return { ok: false, message: "only a leading + is allowed" };
  if (digits.length < 7 || digits.length > 15 || digits.startsWith("0")) {
    return { ok: false, message: "an international phone has 7 to 15 digits after + and no leading 0" };
  }
  return { ok: true, value: digits };
}

/** Account numbers: every whitespace removed, upper case (IBAN-style letters compare case-blind). */
export const normalizeAccountNumber = (raw: string): string => raw.replace(/\s+/gu, "").toUpperCase();

/** ISO 3166-1 alpha-2, upper case; `isCountry` is src/lib/countries.ts isCountryCode. */
export function normalizeCountry(raw: string, isCountry: (code: string) => boolean): Normalized {
  const code = raw.trim().toUpperCase();
  return isCountry(code)
    ? { ok: true, value: code }
    : { ok: false, message: `"${raw}" is not an assigned ISO 3166-1 alpha-2 country code` };
}

/** An allowlist entry's key: one entry per (entity, rule); "*" when it clears every rule. */
export const allowlistKey = (entityType: EntityType, entityId: string, ruleId: string | null): string =>
  `${entityType}:${entityId}:${ruleId ?? "*"}`;

/** A watchlist or country value of `entryType`, normalized; entity entries use allowlistKey. */
export function normalizeValue(
  entryType: Exclude<EntryType, "entity">,
  raw: string,
  isCountry: (code: string) => boolean,
): Normalized {
  let result: Normalized;
  if (entryType === "country") result = normalizeCountry(raw, isCountry);
  else if (entryType === "phone") result = normalizePhone(raw);
  else if (entryType === "account_number") result = { ok: true, value: normalizeAccountNumber(raw) };
  else result = { ok: true, value: normalizeName(raw) };
  if (result.ok && result.value.length === 0)
    return { ok: false, message: "the value is empty once normalized" };
  if (result.ok && result.value.length > MAX_VALUE_LENGTH) {
    return { ok: false, message: `at most ${MAX_VALUE_LENGTH} characters once normalized` };
  }
  return result;
}

/**
 * A search prefix normalized like the list's values, without their completeness checks (a
 * phone prefix may lack its country code's end, a country prefix may be one letter).
 */
export function normalizePrefix(entryType: EntryType, raw: string): string {
  if (entryType === "phone") return raw.replace(/^\s*(\+|00)/, "").replace(/\D/g, "");
  if (entryType === "account_number") return normalizeAccountNumber(raw);
  if (entryType === "country") return raw.trim().toUpperCase();
  if (entryType === "entity") return raw.trim();
  return raw.normalize("NFKC").toUpperCase().toLowerCase().replace(/\s+/gu, " ").trimStart();
}
