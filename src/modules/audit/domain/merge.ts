import type { AuditEntry } from "./types";

/**
 * One page of entries read from several sources (the control database and shards), each
 * already ordered newest first (UUID v7 id descending) and holding at least offset + limit rows
 * when it has that many: the merged page is exact.
 */
export function mergeNewestFirst(sources: AuditEntry[][], limit: number, offset: number): AuditEntry[] {
  return sources
    .flat()
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(offset, offset + limit);
}
