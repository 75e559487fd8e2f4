/**
 * Calendar months as integers (year * 12 + month - 1) so SQL and code can step back and
 * forth without date functions. All months are UTC.
 */
export const monthIndexOf = (date: Date): number => date.getUTCFullYear() * 12 + date.getUTCMonth();

export const monthLabel = (index: number): string =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;

/** First instant of a month, ISO (the lower bound of transaction_date ranges). */
export const monthStartIso = (index: number): string =>
  new Date(Date.UTC(Math.floor(index / 12), index % 12, 1)).toISOString();

/** The last calendar month that has ended by `now`: metrics never use a partial month. */
export const lastCompleteMonth = (now: Date): number => monthIndexOf(now) - 1;
