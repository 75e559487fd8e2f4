import { and, count, gt, inArray, isNotNull } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { type AnchorTally, logInvalidCase, type SweepPage } from "../lib/reanchor";
import { type AnchorKeys, anchorHead, type CaseKind } from "../modules/cases/domain/anchor";
import type { ShardDb } from "./system-db";

/**
 * The page loop shared by the fraud and AML re-anchor sweeps (src/lib/reanchor.ts): read a page
 * of stale cases, read their logs in one statement, verify each case and batch one guarded update
 * per valid one. Each module supplies only its tables and its chain check.
 */

/** A table that anchors case heads (fraud_case_heads, aml_cases). */
type AnchorTable = SQLiteTable & { headAnchor: SQLiteColumn; headAnchorKeyId: SQLiteColumn };

/** How many anchored heads of `table` name each key id (cast: a generic column's data type is unknown). */
export const tallyAnchors = (db: ShardDb, table: AnchorTable): Promise<AnchorTally> =>
  db
    .select({ keyId: table.headAnchorKeyId, n: count() })
    .from(table)
    .where(isNotNull(table.headAnchor))
    .groupBy(table.headAnchorKeyId) as Promise<AnchorTally>;

/** A page's condition: heads anchored under one of `staleKeyIds`, with `caseId` after `afterId`. */
export const staleAfter = (
  table: AnchorTable,
  caseId: SQLiteColumn,
  staleKeyIds: string[],
  afterId: string,
) => and(isNotNull(table.headAnchor), inArray(table.headAnchorKeyId, staleKeyIds), gt(caseId, afterId));

/** One page of one kind's sweep: cases anchored under `staleKeyIds`, after `afterId`, by id. */
export type PageSweeper = (
  db: ShardDb,
  shard: number,
  keys: AnchorKeys,
  staleKeyIds: string[],
  afterId: string,
  limit: number,
) => Promise<SweepPage>;

/** A case as a kind's page read it, its head checked against its log. */
export interface VerifiedHead {
  lastSequence: number;
  headHash: string;
}

/** What differs between the kinds: the tables read and written, and the chain check. */
export interface SweepSteps<Row, Entry> {
  kind: CaseKind;
  /** The page itself (one statement), ordered by case id. */
  readPage: (db: ShardDb, staleKeyIds: string[], afterId: string, limit: number) => Promise<Row[]>;
  ids: (row: Row) => { tenantId: string; caseId: string };
  /** The log entries of every case of the page (one statement). */
  readLogs: (db: ShardDb, rows: Row[]) => Promise<Entry[]>;
  entryCaseId: (entry: Entry) => string;
  /**
   * The head to anchor when the case verifies over its log as of the row read (entries are
   * those of its case id, in sequence order); null when it does not.
   */
  verify: (row: Row, entries: Entry[], keys: AnchorKeys) => Promise<VerifiedHead | null>;
  /** The update guarded by the row as read (a head moved since is left to whatever moved it). */
  update: (
    db: ShardDb,
    row: Row,
    anchor: { anchor: string; keyId: string },
  ) => Parameters<ShardDb["batch"]>[0][number];
}

/** Builds a kind's page sweeper: three statements at most (page, logs, one batch of updates). */
export function pageSweeper<Row, Entry>(steps: SweepSteps<Row, Entry>): PageSweeper {
  return async (db, shard, keys, staleKeyIds, afterId, limit) => {
    const rows = await steps.readPage(db, staleKeyIds, afterId, limit);
    const last = rows.at(-1);
    const page: SweepPage = {
      seen: rows.length,
      lastId: last ? steps.ids(last).caseId : afterId,
      reanchored: 0,
      invalid: 0,
      statements: 1,
    };
    if (rows.length === 0) return page;

    const logs = await steps.readLogs(db, rows);
    page.statements++;
    const byCase = new Map<string, Entry[]>();
    for (const entry of logs) {
      const caseId = steps.entryCaseId(entry);
      const entries = byCase.get(caseId);
      if (entries) entries.push(entry);
      else byCase.set(caseId, [entry]);
    }

    const updates = [];
    for (const row of rows) {
      const { tenantId, caseId } = steps.ids(row);
      const head = await steps.verify(row, byCase.get(caseId) ?? [], keys);
      if (!head) {
        page.invalid++;
        logInvalidCase(steps.kind, shard, tenantId, caseId);
        continue;
      }
      const anchor = await anchorHead(keys, {
        kind: steps.kind,
        tenantId,
        caseId,
        lastSequence: head.lastSequence,
        headHash: head.headHash,
      });
      updates.push(steps.update(db, row, anchor));
    }
    if (updates.length > 0) {
      const written = await db.batch(updates as [(typeof updates)[number], ...typeof updates]);
      page.reanchored = written.reduce((n, updated) => n + (updated as unknown[]).length, 0);
      page.statements += updates.length;
    }
    return page;
  };
}
