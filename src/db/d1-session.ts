/**
 * D1 read replication through the Sessions API (docs/decisions/read-replication.md). One
 * session per request and database, opened lazily at the first statement, so a request that
 * never reads D1 opens none and returns no bookmark.
 */

/** Where a session starts: a constraint, or a bookmark a client got from an earlier answer. */
export type SessionStart = D1SessionConstraint | D1SessionBookmark;

/**
 * What D1 bookmarks look like (`00000000-00000022-00000000-<32 hex>`: log positions, compared
 * as text). D1 does not check what withSession is given: locally any string is accepted and
 * echoed back as the bookmark, so validation is ours.
 */
export const BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export class LazyD1Session {
  #start: SessionStart;
  #session: D1DatabaseSession | undefined;
  /** A D1Database whose statements run in the session (Drizzle and raw callers alike). */
  readonly binding: D1Database;

  constructor(raw: D1Database, start: SessionStart) {
    this.#start = start;
    const session = () => {
      this.#session ??= raw.withSession(this.#start);
      return this.#session;
    };
    // prepare/batch are all Drizzle and the repositories use; exec (migrations) stays on the primary.
    this.binding = {
      prepare: (query: string) => session().prepare(query),
      batch: <T>(statements: D1PreparedStatement[]) => session().batch<T>(statements),
      exec: (query: string) => raw.exec(query),
      withSession: (start?: SessionStart) => raw.withSession(start),
      dump: () => raw.dump(),
    } as unknown as D1Database;
  }

  /** A route that must read fresh data: only before the session's first statement. */
  startAtPrimary(): void {
    if (this.#session) throw new Error("D1 session already started; declare fresh reads on the route");
    this.#start = "first-primary";
  }

  get start(): SessionStart {
    return this.#start;
  }

  /** The latest bookmark the session saw; null when it ran no statement. */
  bookmark(): string | null {
    return this.#session?.getBookmark() ?? null;
  }
}
