import { z } from "zod";
import { isCountryCode } from "./countries";
import { sharedByKey } from "./shared-by-key";

export { isCountryCode };

/**
 * Field-level rules shared by the ingestion record schemas. Pure: the same checks run for
 * the HTTP endpoint, export files and the Fineract mapping, for loan records (lending) and for
 * the transaction a pre-transaction screening describes (monitoring); here, below all of them,
 * so none of those modules imports ingest for them.
 */

const MONEY = /^-?\d{1,13}(\.\d{1,2})?$/;
/** The largest amount a money string can spell (13 integer digits): numbers get the same cap. */
export const MAX_MONEY_NUMBER = 9_999_999_999_999.99;

const CURRENCIES: ReadonlySet<string> = new Set(
  typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : [],
);

export const isCurrencyCode = (code: string): boolean =>
  /^[A-Z]{3}$/.test(code) && (CURRENCIES.size === 0 || CURRENCIES.has(code));

/** An instant: ISO 8601 date-time with Z or an offset, or a calendar date (midnight UTC). */
export function toIsoInstant(value: string): string | null {
  const text = value.trim();
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  if (!dateOnly && !dateTime) return null;
  const ms = Date.parse(dateOnly ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(ms)) return null;
  const iso = new Date(ms).toISOString();
  // Date.parse rolls 2026-02-30 over to March; a real calendar date round-trips.
  if (iso.slice(0, 10) !== text.slice(0, 10) && dateOnly) return null;
  return iso;
}

/** Decimal money string to integer minor units (2 fraction digits). */
export function moneyToMinor(text: string): number {
  const value = text.trim();
  const negative = value.startsWith("-");
  const [whole, fraction = ""] = value.replace("-", "").split(".");
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return negative ? -minor : minor;
}

/** A trimmed, non-empty string of at most `max` characters (one schema per length). */
export const text = sharedByKey((max: number) => z.string().trim().min(1, "must not be empty").max(max));
export const optionalText = sharedByKey((max: number) => text(max).nullable().optional());

export const money = z
  .string()
  .trim()
  .regex(MONEY, 'must be a decimal string with at most 2 fraction digits, e.g. "1250.00"');

export const positiveMoney = money.refine((v) => moneyToMinor(v) > 0, "must be greater than 0");

/** A non-negative amount given as a number or a money string (agent float). */
export const nonNegativeAmount = z
  .union([z.number().min(0).max(MAX_MONEY_NUMBER), money])
  .refine(
    (v) => (typeof v === "number" ? Number.isFinite(v) && v >= 0 : moneyToMinor(v) >= 0),
    "must be a number >= 0",
  );

export const amountToMinor = (v: number | string): number =>
  typeof v === "number" ? Math.round(v * 100) : moneyToMinor(v);

export const currency = z
  .string()
  .trim()
  .refine((v) => isCurrencyCode(v.toUpperCase()), "must be an ISO 4217 currency code, e.g. GHS");

export const country = z
  .string()
  .trim()
  .refine((v) => isCountryCode(v.toUpperCase()), "must be an ISO 3166-1 alpha-2 country code, e.g. GH");

export const instant = z
  .string()
  .refine(
    (v) => toIsoInstant(v) !== null,
    "must be an ISO 8601 date-time with a timezone (2026-01-31T10:00:00Z) or a date (2026-01-31)",
  );

export const externalKey = text(128);
export const stringList = z.array(text(100)).max(100);
