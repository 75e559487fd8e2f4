/**
 * Event time (docs/methodology/monitoring.md#event-time): the moments a screening judges an
 * entity's history at. A screening of what just happened is judged as of now; history that
 * arrives late (a backfill, a sync of last quarter) is judged as of its own dates, so a scheme
 * that ended 45 days before the load is seen in the window it happened in.
 */

const DAY_MS = 86_400_000;

/** How far back a late arrival is judged (older history is read as baseline, not as episodes). */
export const EVENT_LOOKBACK_DAYS = 90;

/** The baseline the rules read before a window (90 days). */
export const BASELINE_DAYS = 90;

/**
 * The history a past window needs behind it: two weeks of the baseline. A past window with none
 * took every entity of a short backfill for new and its first weeks for a burst (the benchmark:
 * F1 0.84 -> 0.31); asking for the whole 90 days left a 75-day backfill judged as of now only, so
 * an account taken over 40 days before the load was never judged in its own window (4 of the
 * benchmark's 5 takeovers). Rates are read per covered day of the baseline and the takeover and
 * refund signals need 10 baseline transactions, which two weeks of an ordinary life hold.
 */
export const PAST_BASELINE_DAYS = 14;

/** The end of the UTC day of `at` (its last millisecond). */
const endOfDay = (at: number) => Math.floor(at / DAY_MS) * DAY_MS + DAY_MS - 1;

/**
 * The as-of moments of one screening, latest first.
 *
 * The first is now, or the end of a lookback run's range (`present`): a screening's present is
 * the moment it runs (docs/methodology/monitoring.md#event-time says what else was tried).
 *
 * Then one window earlier each time, at most `EVENT_LOOKBACK_DAYS` back, while the arrived span
 * covers that window and `PAST_BASELINE_DAYS` before it: late history (a backfill, last quarter's
 * sync) is judged in the windows it happened in, each as a live screening would have judged it
 * then (on the baseline the span holds, at most BASELINE_DAYS).
 */
export function asOfPoints(
  span: { eventsFrom: string | null; eventsTo: string | null },
  now: Date,
  windowDays: number,
  present: string | null = null,
): Date[] {
  const nowMs = now.getTime();
  const window = windowDays * DAY_MS;
  const at = present ? Math.min(Date.parse(present), nowMs) : Number.NaN;
  const latest = Number.isNaN(at) || endOfDay(at) >= nowMs ? nowMs : endOfDay(at);
  const from = span.eventsFrom ? Date.parse(span.eventsFrom) : Number.NaN;
  const points = [latest];
  if (Number.isNaN(from)) return points.map((p) => new Date(p));
  const floor = latest - EVENT_LOOKBACK_DAYS * DAY_MS;
  const baseline = PAST_BASELINE_DAYS * DAY_MS;
  // The window ending at `p` covers (p - window, p]; its rules read the baseline before that.
  for (let p = latest - window; p >= floor && from <= p - window - baseline; p -= window) points.push(p);
  return points.map((p) => new Date(p));
}
