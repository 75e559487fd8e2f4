/**
 * List kinds, what their entries hold, and the caps (docs/decisions/lists.md#limits).
 * Mirrors the CHECK constraints of migrations/shard/0022_lists.sql.
 */
export const LIST_KINDS = ["high_risk_countries", "watchlist", "allowlist"] as const;
export type ListKind = (typeof LIST_KINDS)[number];

export const WATCHLIST_ENTRY_TYPES = ["name", "phone", "account_number", "counterparty"] as const;
export type WatchlistEntryType = (typeof WATCHLIST_ENTRY_TYPES)[number];
export type EntryType = WatchlistEntryType | "country" | "entity";
export const ENTRY_TYPES = ["country", ...WATCHLIST_ENTRY_TYPES, "entity"] as const;

export const ENTITY_TYPES = ["customer", "account", "agent", "merchant", "counterparty"] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** Live (not archived) lists per tenant. */
export const MAX_LISTS_PER_TENANT = 100;
/** Entries per list (the largest real need: a sanctions-style name list). */
export const MAX_ENTRIES_PER_LIST = 20_000;
/** Entries per POST .../entries (one JSON parameter; well under D1's statement limits). */
export const MAX_ENTRIES_PER_REQUEST = 500;
/** An allowlist entry must expire within this many days: a clearance is reviewed at least yearly. */
export const MAX_ALLOWLIST_DAYS = 366;

/**
 * The entry type a list of `kind` holds: fixed for high-risk countries and allowlists, chosen
 * (and required) for watchlists. A message naming the problem, or the type.
 */
export function entryTypeFor(
  kind: ListKind,
  given: string | undefined,
): { ok: true; entryType: EntryType } | { ok: false; message: string } {
  if (kind === "watchlist") {
    if (given === undefined) {
      return {
        ok: false,
        message: `a watchlist needs entryType: one of ${WATCHLIST_ENTRY_TYPES.join(", ")}`,
      };
    }
    return (WATCHLIST_ENTRY_TYPES as readonly string[]).includes(given)
      ? { ok: true, entryType: given as WatchlistEntryType }
      : { ok: false, message: `a watchlist's entryType is one of ${WATCHLIST_ENTRY_TYPES.join(", ")}` };
  }
  const fixed: EntryType = kind === "allowlist" ? "entity" : "country";
  if (given !== undefined && given !== fixed) {
    return {
      ok: false,
      message: `a ${kind} list holds entryType ${fixed} (omit entryType or send "${fixed}")`,
    };
  }
  return { ok: true, entryType: fixed };
}
