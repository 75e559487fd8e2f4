/**
 * Money is stored as integer minor units (pesewas for GHS) so SQL sums are exact, and
 * exposed as decimal strings with exactly two fraction digits ("1250.00").
 */
const MONEY_PATTERN = /^-?\d{1,15}(\.\d{1,2})?$/;

export const isMoneyString = (value: string): boolean => MONEY_PATTERN.test(value);

export function toMinor(value: string | number): number {
  const text = typeof value === "number" ? value.toFixed(2) : value.trim();
  if (!MONEY_PATTERN.test(text)) throw new RangeError(`not a money amount: ${value}`);
  const negative = text.startsWith("-");
  const [whole, fraction = ""] = text.replace("-", "").split(".");
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return negative ? -minor : minor;
}

export function fromMinor(minor: number | null | undefined): string {
  const value = minor ?? 0;
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(Math.round(value));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export const fromMinorOrNull = (minor: number | null | undefined): string | null =>
  minor === null || minor === undefined ? null : fromMinor(minor);
