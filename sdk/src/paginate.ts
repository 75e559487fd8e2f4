/** `pagination` of a list answer. `nextCursor` is present once the API pages by cursor. */
export interface Page {
  limit: number;
  offset?: number | null;
  hasMore: boolean;
  nextCursor?: string | null;
}

/** What the SDK puts in the next request's query: `cursor` when the API gave one, else `offset`. */
export interface PageQuery {
  limit: number;
  offset?: number;
  cursor?: string;
}

/**
 * Every item of a list, page after page. `fetchPage` gets the page to ask for and answers the
 * body (use `ok(api.GET(...))`); `items` picks the array (default: `body.data`, what every list
 * answers). Follows `pagination.nextCursor` when the API gives it (stable under inserts), and falls
 * back to offset + hasMore when it does not.
 */
export async function* paginate<Body extends { pagination: Page }, Item = ItemOf<Body>>(
  fetchPage: (page: PageQuery) => Promise<Body>,
  options: { limit?: number; items?: (body: Body) => Item[] } = {},
): AsyncGenerator<Item, void, undefined> {
  const items = options.items ?? ((body: Body) => (body as unknown as { data: Item[] }).data);
  let page: PageQuery = { limit: options.limit ?? 100 };
  for (;;) {
    const body = await fetchPage(page);
    const got = items(body);
    yield* got;
    const { nextCursor, hasMore } = body.pagination;
    if (nextCursor !== undefined) {
      if (!nextCursor) return;
      page = { limit: page.limit, cursor: nextCursor };
    } else {
      // An empty page with hasMore would loop forever: stop rather than trust it.
      if (!hasMore || got.length === 0) return;
      page = { limit: page.limit, offset: (page.offset ?? 0) + got.length };
    }
  }
}

type ItemOf<Body> = Body extends { data: Array<infer T> } ? T : never;
