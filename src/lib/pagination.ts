/** Highest accepted `offset` (docs/decisions/input-constraints.md): far above any real page. */
export const MAX_OFFSET = 1_000_000_000;

/** What a list's repository hands back about a page (src/db/keyset.ts). */
export interface PageState {
  total: number;
  offset: number;
  nextCursor: string | null;
}

/**
 * The `pagination` fields of every list response (REST and GraphQL): `hasMore` exactly when a
 * `nextCursor` exists (docs/decisions/pagination.md).
 */
export const pagination = (page: PageState, limit: number) => ({
  total: page.total,
  limit,
  offset: page.offset,
  hasMore: page.nextCursor !== null,
  nextCursor: page.nextCursor,
});

/** A repository's page with its rows presented: `{ data, page }` for the route. */
export const presentPage = <Row, Out>(
  { rows, ...page }: PageState & { rows: Row[] },
  present: (row: Row) => Out,
) => ({
  data: rows.map(present),
  page: { total: page.total, offset: page.offset, nextCursor: page.nextCursor },
});
