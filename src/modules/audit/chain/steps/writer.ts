import type { BatchItem } from "drizzle-orm/batch";
import { controlDb, type TenantScope } from "../../../../db/client";
import { type Deferred, type DeferredKind, deferred } from "../../../../db/deferred-batch";
import type { Env } from "../../../../env";
import { GENESIS_HASH } from "../../../../lib/hash-chain";
import type { AuditRow, ChainRow, Place } from "../../repo";
import * as repo from "../../repo";
import * as systemRepo from "../../system-repo";
import {
  type AuditLogName,
  chainKeys,
  contentOf,
  operatorLog,
  sealLog,
  tenantLog,
  writeHead,
} from "../service";

/**
 * The one way an audit row is written (docs/decisions/audit-log.md#chain): chained when it is
 * written. An entry is a deferred statement (src/db/deferred-batch.ts) that the caller puts in
 * the batch of its change, as before; the batch, just before it runs, reads the log's head,
 * takes the next place and the keyed hash over the head's hash (every entry of the log in the
 * batch, in order) and inserts with both. If another writer took the place in between, the log's
 * insert trigger aborts the batch (nothing of it stays) and it is made again from the new head.
 * After the batch, the log's anchored head moves to the last entry written.
 */

interface Entry {
  log: AuditLogName;
  env: Env;
  /** The tenant's scoped client for a tenant's log; none for the operator log. */
  scope: TenantScope | null;
  row: AuditRow;
  onlyIfChanged: boolean;
}

type EntryItem = Deferred & Entry;

/** The place each item was last made with (a retry makes it again). */
const places = new WeakMap<Deferred, Place>();

/** What verification reads back: before and after as stored JSON gives them. */
const stored = (row: AuditRow, seq: number): ChainRow => ({
  ...row,
  before: row.before === null ? null : JSON.parse(JSON.stringify(row.before)),
  after: row.after === null ? null : JSON.parse(JSON.stringify(row.after)),
  seq,
  chainHash: null,
  chainKey: null,
});

async function headOf(entry: Entry) {
  const read = () =>
    entry.scope ? repo.tenantHead(entry.scope) : systemRepo.controlHead(controlDb(entry.env));
  let head = await read();
  if (head && head.chainHash === null) {
    // Rows written before 0058 and not sealed yet: seal them first, then chain on.
    await sealLog(entry.env, entry.scope ? tenantLog(entry.scope) : operatorLog(entry.env));
    head = await read();
  }
  if (head && (head.chainHash === null || head.seq === null))
    throw new Error(`audit log ${entry.log} cannot be sealed: verify it`);
  return { seq: head?.seq ?? 0, hash: head?.chainHash ?? GENESIS_HASH };
}

function insertOf(entry: Entry, place: Place): BatchItem<"sqlite"> {
  return entry.scope
    ? repo.insertTenantEntry(entry.scope, entry.row, place, entry.onlyIfChanged)
    : repo.insertEntry(controlDb(entry.env), entry.row, place, entry.onlyIfChanged);
}

const messageOf = (err: unknown): string =>
  err instanceof Error ? `${err.message} ${messageOf(err.cause)}` : err === undefined ? "" : String(err);

/** The batch failed because another writer took an entry's place (or moved the head it chained on). */
export const isAuditConflict = (err: unknown) =>
  /audit_chain_conflict|UNIQUE constraint failed: (tenant_)?audit_log\b/.test(messageOf(err));

const written = (result: unknown) => ((result as D1Result | undefined)?.meta?.changes ?? 0) > 0;

const auditEntries: DeferredKind = {
  async make(items) {
    const entries = items as EntryItem[];
    const made = new Map<Deferred, BatchItem<"sqlite">>();
    for (const log of new Set(entries.map((e) => e.log))) {
      const ofLog = entries.filter((e) => e.log === log);
      const { signingKey, hash } = await chainKeys(ofLog[0].env);
      let previous = await headOf(ofLog[0]);
      for (const entry of ofLog) {
        const seq = previous.seq + 1;
        const chainHash = await hash(previous.hash, contentOf(log, stored(entry.row, seq), signingKey));
        const place = {
          seq,
          chainHash,
          chainKey: signingKey,
          previousSeq: previous.seq,
          previousHash: previous.hash,
        };
        places.set(entry, place);
        made.set(entry, insertOf(entry, place));
        previous = { seq, hash: chainHash };
      }
    }
    return entries.map((e) => made.get(e)!);
  },
  isConflict: (err) => isAuditConflict(err),
  lane: (items) => [...new Set((items as EntryItem[]).map((e) => e.log))].sort().join(","),
  async done(items, results) {
    const entries = items as EntryItem[];
    for (const log of new Set(entries.map((e) => e.log))) {
      const last = entries.filter((e, i) => e.log === log && written(results[i])).pop();
      const place = last && places.get(last);
      if (last && place) await writeHead(last.env, log, place.seq, place.chainHash);
    }
  },
};

const runAlone = (entry: EntryItem) =>
  entry.scope ? entry.scope.db.batch([entry]) : controlDb(entry.env).batch([entry]);

/** An entry of the operator log (CONTROL_DB), for a controlDb batch. */
export const operatorEntry = (env: Env, row: AuditRow, onlyIfChanged: boolean) =>
  deferred(auditEntries, { log: "operator", env, scope: null, row, onlyIfChanged } as Entry, runAlone);

/** An entry of the tenant's own log (its shard), for its scoped client's batch. */
export const tenantEntry = (env: Env, scope: TenantScope, row: AuditRow, onlyIfChanged: boolean) =>
  deferred(
    auditEntries,
    { log: `tenant:${scope.tenantId}`, env, scope, row, onlyIfChanged } as Entry,
    runAlone,
  );
