/**
 * Event time (docs/methodology/monitoring.md#event-time): the moments a screening judges an
 * entity's history at. A screening of what just happened is judged as of now; history that
 * arrives late (a backfill, a sync of last quarter) is judged as of its own dates, so a scheme
 * that ended 45 days before the load is seen in the window it happened in.
 */

const DAY_MS = 86_400_000;

/** How far back a late arrival is judged (older history is read as baseline, not as episodes). */
export const EVENT_LOOKBACK_DAYS = 90;

/**
 * The history a past window needs behind it, as a live screening has: the rules read their
 * baseline (90 days) before the window. A past window without it would take every entity of a
 * short backfill for new and its first weeks for a burst (the benchmark: F1 0.84 -> 0.31).
 */
export const BASELINE_DAYS = 90;

/** The end of the UTC day of `at` (its last millisecond). */
const endOfDay = (at: number) => Math.floor(at / DAY_MS) * DAY_MS + DAY_MS - 1;

/**
 * The as-of moments of one screening, latest first.
 *
 * The first is now, or the end of a lookback run's range (`present`): a screening's present is
 * the moment it runs (docs/methodology/monitoring.md#event-time says what else was tried).
 *
 * Then one window earlier each time, at most `EVENT_LOOKBACK_DAYS` back, while the arrived span
 * covers that window and its whole baseline: late history (a backfill, last quarter's sync) is
 * judged in the windows it happened in, each as a live screening would have judged it then.
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
  const baseline = BASELINE_DAYS * DAY_MS;
  // The window ending at `p` covers (p - window, p]; its rules read the baseline before that.
  for (let p = latest - window; p >= floor && from <= p - window - baseline; p -= window) points.push(p);
  return points.map((p) => new Date(p));
}
