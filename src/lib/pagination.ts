/** Highest accepted `offset` (docs/decisions/input-constraints.md): far above any real page. */
export const MAX_OFFSET = 1_000_000_000;

/** The `pagination` object of every list response (REST and GraphQL). */
export const pagination = (total: number, limit: number, offset: number) => ({
  total,
  limit,
  offset,
  hasMore: offset + limit < total,
});
