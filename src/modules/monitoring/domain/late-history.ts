/**
 * Late history re-judges what was raised on part of it (docs/methodology/monitoring.md#late-history):
 * an open alert whose entity then receives transactions dated before the alert's episode began was
 * judged without them (a holder looked new, a burst stood against an empty previous window). It is
 * judged again as of its own date with the history now stored; if none of its rules fires there,
 * it is withdrawn. Pure: the screening step reads the alerts, evaluates and writes.
 */

/** Transactions dated within this long of the screening are the present, not late history. */
export const LATE_AFTER_MS = 86_400_000;

/** What the decision reads of a stored alert. */
export interface JudgedAlert {
  status: string;
  /** The instant it was judged as of (its window's end); null for alerts that carry none. */
  asOf: string | null;
  /** Its episode's first date (the activity it was raised on began then). */
  firstAt: string;
}

/** The dates of the transactions that arrived since the entity's last screening. */
export interface ArrivedSpan {
  eventsFrom?: string | null;
  eventsTo?: string | null;
}

/**
 * Whether the entity's arrivals may be late history for some alert: the earliest is older than
 * LATE_AFTER_MS before now. Only then are its open alerts read (a live arrival costs nothing).
 */
export const mayBeLate = (span: ArrivedSpan, now: Date): boolean =>
  !!span.eventsFrom && Date.parse(span.eventsFrom) < now.getTime() - LATE_AFTER_MS;

/**
 * Whether the alert's judgement is now known to have been made on part of the history: it is
 * open, a screening judged it as of a date, and transactions that arrived after it (the span is
 * what arrived since the entity's last screening, which was the alert's or later) are dated
 * before its episode began, so its window or the baseline before it lacked them.
 */
export function baselineIncomplete(alert: JudgedAlert, span: ArrivedSpan): boolean {
  if (alert.status !== "open" || alert.asOf === null || !span.eventsFrom) return false;
  const from = Date.parse(span.eventsFrom);
  return from < Date.parse(alert.firstAt) && from <= Date.parse(alert.asOf);
}

/** An alert judged again: the rules that still raise it and those withdrawn from it. */
export interface Verdict {
  kept: string[];
  dropped: string[];
  /** withdrawn when none is kept; open (narrowed when some were dropped) otherwise. */
  status: "open" | "withdrawn";
}

/**
 * The alert's rules judged again: a rule stands when the screening as of the alert's own date
 * raises it now (fired and raised; held back by the alert budget is not raised). None stands:
 * withdrawn. Some: it stays open with those, the others withdrawn from it.
 */
export function verdictOf(alertRuleIds: readonly string[], raisedNow: readonly string[]): Verdict {
  const kept = alertRuleIds.filter((r) => raisedNow.includes(r));
  const dropped = alertRuleIds.filter((r) => !raisedNow.includes(r));
  return { kept, dropped, status: kept.length === 0 ? "withdrawn" : "open" };
}

/** The instants to judge again at, each once (alerts of one drain share their screening's instant). */
export const distinctPoints = (asOfs: readonly string[]): string[] => [...new Set(asOfs)].sort().reverse();
