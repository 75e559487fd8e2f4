/**
 * Built-in money defaults are Ghana cedi figures (the FIC's GHS 50,000 cash threshold and the
 * fraud floors chosen around it). A tenant in another currency starts from the same figures
 * scaled by this reference table, then tunes its own in a rule-set version
 * (docs/methodology/rules.md#currency). Order of magnitude only, not an exchange rate: the
 * result is rounded to one significant digit, 1-2-5 style, so a default reads like a policy
 * figure (USD 5,000 rather than USD 4,132.23).
 */
export const UNITS_PER_GHS: Readonly<Record<string, number>> = {
  GHS: 1,
  USD: 0.1,
  EUR: 0.1,
  GBP: 0.1,
  CHF: 0.1,
  NGN: 100,
  KES: 10,
  UGX: 300,
  TZS: 200,
  RWF: 100,
  ZAR: 1,
  ZMW: 2,
  XOF: 50,
  XAF: 50,
  EGP: 5,
  MAD: 1,
  INR: 5,
};

/** The scale for a currency; unknown currencies keep the GHS figures (factor 1). */
export const unitsPerGhs = (currency: string | undefined): number =>
  UNITS_PER_GHS[(currency ?? "GHS").toUpperCase()] ?? 1;

/** Rounds to 1, 2 or 5 times a power of ten (the nearest on a log scale). */
export function niceRound(value: number): number {
  if (!(value > 0)) return value;
  const power = 10 ** Math.floor(Math.log10(value));
  const m = value / power;
  const step = m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10;
  return step * power;
}

/** A GHS default in the tenant's currency (the identity for GHS and unknown currencies). */
export function scaleMoney(ghsValue: number, currency: string | undefined): number {
  const factor = unitsPerGhs(currency);
  return factor === 1 ? ghsValue : niceRound(ghsValue * factor);
}
