import { controlDb, type TenantScope } from "../../db/client";
import { loadTenantContext, tenantScope } from "../../db/tenant-context";
import type { Env } from "../../env";
import { hmacKeysFrom } from "../../lib/derived-keys";
import { type ChainEntry, GENESIS_HASH, keyedChainHash, verifyChain } from "../../lib/hash-chain";
import type { ChainRow, Seal } from "./repo";
import * as repo from "./repo";
import * as systemRepo from "./system-repo";

/**
 * The audit logs chained (docs/decisions/audit-log.md#chain). Each log (the operator log in
 * CONTROL_DB, each tenant's log on its shard) is an append order: the INSERT itself takes the next
 * place (seq, unique per log), so writes in any batch, concurrent or not, never fork it. The
 * keyed hash cannot be taken inside SQL, so a row is sealed after it is written: its chain hash is
 * HMAC-SHA-256 (src/lib/hash-chain.ts keyedChainHash, a key HKDF-derived from SECRETS_KEY) over
 * its content, its place and the previous row's hash. `verify` recomputes every sealed hash from
 * genesis and seals the rows after the last sealed one; sealing is the only UPDATE the log's
 * trigger allows (a missing hash set once, nothing else changed).
 */

const CHAIN_KEYS = {
  salt: "audit-log-chain",
  info: "credit-ops/audit-log-chain/v1",
  what: "audit logs cannot be chained",
};
const PAGE = 500;

/** Which log a row belongs to: part of what is hashed, so a row cannot move between logs. */
export type AuditLogName = "operator" | `tenant:${string}`;

interface ChainLog {
  name: AuditLogName;
  rows: (fromSeq: number, take: number) => Promise<ChainRow[]>;
  unplaced: () => Promise<{ id: string } | undefined>;
  seal: (seals: Seal[]) => Promise<void>;
}

export interface AuditChainVerification {
  log: "operator" | "tenant";
  tenantId: string | null;
  valid: boolean;
  /** Rows whose hash was recomputed (the newly sealed among them). */
  checked: number;
  /** Rows sealed by this call (written since the last verification). */
  sealed: number;
  headSequence: number;
  headHash: string;
  /** The first row whose place or hash does not match, when invalid. */
  firstBrokenAt: { sequence: number | null; id: string } | null;
}

/** What a row's hash covers: everything stored but the hash itself, with the log's name. */
const contentOf = (log: AuditLogName, row: ChainRow, key: string) => ({
  log,
  seq: row.seq,
  id: row.id,
  tenantId: row.tenantId,
  actor: { type: row.actorType, id: row.actorId },
  action: row.action,
  target: { type: row.targetType, id: row.targetId },
  before: row.before,
  after: row.after,
  requestId: row.requestId,
  createdAt: row.createdAt,
  key,
});

async function verifyLog(env: Env, log: ChainLog): Promise<Omit<AuditChainVerification, "log" | "tenantId">> {
  const derived = await hmacKeysFrom(env.SECRETS_KEY, CHAIN_KEYS);
  const keys = new Map(derived.map(({ id, key }) => [id, key]));
  const signingKey = derived[0].id;
  const hash = keyedChainHash((content) => keys.get((content as { key: string }).key));

  let previous = GENESIS_HASH;
  let checked = 0;
  const seals: Seal[] = [];
  const broken = (row: { seq?: number | null; id: string }) => ({
    valid: false,
    checked,
    sealed: 0,
    headSequence: checked,
    headHash: previous,
    firstBrokenAt: { sequence: row.seq ?? null, id: row.id },
  });

  const unplaced = await log.unplaced();
  if (unplaced) return broken(unplaced);
  for (let from = 1; ; from += PAGE) {
    const rows = await log.rows(from, PAGE);
    for (const row of rows) {
      // A row missing from its place (deleted) or a place taken twice breaks the order.
      if (row.seq !== checked + 1) return broken(row);
      const key = row.chainKey ?? signingKey;
      const entry: ChainEntry = { hash: row.chainHash ?? "", content: contentOf(log.name, row, key) };
      if (row.chainHash === null) {
        // Written since the last seal. (Unsealed rows before a sealed one are a concurrent
        // verification's seals landing between two pages: the same hashes, so the sealed row
        // still matches. A hash removed and its row edited breaks the next sealed row.)
        entry.hash = await hash(previous, entry.content);
        seals.push({ id: row.id, chainHash: entry.hash, chainKey: key });
      }
      const result = await verifyChain([entry], { from: previous, hash });
      if (!result.valid) return broken(row);
      previous = result.headHash;
      checked++;
    }
    if (rows.length < PAGE) break;
  }
  for (let i = 0; i < seals.length; i += 50) await log.seal(seals.slice(i, i + 50));
  return {
    valid: true,
    checked,
    sealed: seals.length,
    headSequence: checked,
    headHash: previous,
    firstBrokenAt: null,
  };
}

const tenantLog = (scope: TenantScope): ChainLog => ({
  name: `tenant:${scope.tenantId}`,
  rows: (fromSeq, take) => repo.tenantChainRows(scope, fromSeq, take),
  unplaced: () => repo.tenantUnplacedRow(scope),
  seal: (seals) => repo.sealTenantRows(scope, seals),
});

const operatorLog = (env: Env): ChainLog => ({
  name: "operator",
  rows: (fromSeq, take) => systemRepo.controlChainRows(controlDb(env), fromSeq, take),
  unplaced: () => systemRepo.controlUnplacedRow(controlDb(env)),
  seal: (seals) => systemRepo.sealControlRows(controlDb(env), seals),
});

/**
 * Verifies (and seals the newest rows of) the operator log, or with a tenant id that tenant's own
 * log on its shard (an unknown tenant is a 404).
 */
export async function verifyAuditLog(
  env: Env,
  requestId: string,
  tenantId?: string,
): Promise<AuditChainVerification> {
  if (!tenantId) return { log: "operator", tenantId: null, ...(await verifyLog(env, operatorLog(env))) };
  const { tenant } = await loadTenantContext(env, tenantId, requestId, { readOnly: true });
  const scope = tenantScope(env, tenant.shard, tenantId);
  return { log: "tenant", tenantId, ...(await verifyLog(env, tenantLog(scope))) };
}
