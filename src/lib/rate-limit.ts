/** Per-API-key budget when neither the key nor its tenant sets one (docs/contract.md#rate-limits). */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 1200;

/** The window of the per-key budget (fixed, aligned to the minute). */
export const RATE_LIMIT_WINDOW_SECONDS = 60;
