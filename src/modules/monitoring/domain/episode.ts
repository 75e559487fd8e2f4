/**
 * One alert per episode (docs/methodology/monitoring.md#one-alert-per-episode): a screening whose
 * hit is the same episode as an alert already raised (same entity and kind, no rule the alert
 * does not name, its window overlapping the alert's episode) raises nothing; it extends that
 * alert's episode instead. Pure: the screening step reads the stored alerts and writes the update.
 */

/** An episode's dates (ISO instants): the first and last day of the activity it was judged on. */
export interface Episode {
  firstAt: string;
  lastAt: string;
}

/** A stored alert as the episode check reads it. */
export interface StoredEpisode extends Episode {
  alertId: string;
  kind: string;
  entityType: string;
  entityId: string;
  ruleIds: readonly string[];
  createdAt: string;
}

/** A screening's hit of one kind: the window it was judged in and the rules that fired. */
export interface EpisodeHit {
  kind: string;
  entityType: string;
  entityId: string;
  ruleIds: readonly string[];
  window: Episode;
}

/**
 * The dates a hit's episode covers: the arrived activity (the pending span) inside the window it
 * was judged in, or the whole window when the span says nothing about it (none, or outside).
 */
export function episodeOf(window: Episode, span: { from?: string | null; to?: string | null }): Episode {
  const firstAt = span.from && span.from > window.firstAt ? span.from : window.firstAt;
  const lastAt = span.to && span.to < window.lastAt ? span.to : window.lastAt;
  return firstAt <= lastAt ? { firstAt, lastAt } : { ...window };
}

/** Whether the hit is the stored alert's episode again: same subject, kind and rules, overlapping dates. */
export const sameEpisode = (stored: StoredEpisode, hit: EpisodeHit): boolean =>
  stored.kind === hit.kind &&
  stored.entityType === hit.entityType &&
  stored.entityId === hit.entityId &&
  hit.ruleIds.length > 0 &&
  hit.ruleIds.every((r) => stored.ruleIds.includes(r)) &&
  hit.window.firstAt <= stored.lastAt &&
  stored.firstAt <= hit.window.lastAt;

/** The most recent stored alert whose episode the hit is, or null (the hit then raises its own). */
export function episodeOfHit(stored: readonly StoredEpisode[], hit: EpisodeHit): StoredEpisode | null {
  let found: StoredEpisode | null = null;
  for (const s of stored) if (sameEpisode(s, hit) && (!found || s.createdAt > found.createdAt)) found = s;
  return found;
}

/** The earlier and the later of two ISO instants (compared as text: same format). */
const earlier = (a: string, b: string) => (a.localeCompare(b) <= 0 ? a : b);
const later = (a: string, b: string) => (a.localeCompare(b) >= 0 ? a : b);

/** The stored episode extended by the hit's (earliest first date, latest last date). */
export const extendEpisode = (stored: Episode, hit: Episode): Episode => ({
  firstAt: earlier(stored.firstAt, hit.firstAt),
  lastAt: later(stored.lastAt, hit.lastAt),
});
