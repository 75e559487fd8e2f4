import { controlDb, shardNumbers, type TenantScope } from "../../../db/client";
import { fenceSecondsLeft, loadTenantContext, type Tenant, tenantScope } from "../../../db/tenant-context";
import type { Env } from "../../../env";
import { hmacKeysFrom } from "../../../lib/derived-keys";
import { AppError } from "../../../lib/errors";
import { type ChainEntry, GENESIS_HASH, keyedChainHash, verifyChain } from "../../../lib/hash-chain";
import type { ChainRow, Seal } from "../repo";
import * as repo from "../repo";
import * as systemRepo from "../system-repo";

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
export const PAGE = 500;

/** Which log a row belongs to: part of what is hashed, so a row cannot move between logs. */
export type AuditLogName = "operator" | `tenant:${string}`;

export interface ChainLog {
  name: AuditLogName;
  rows: (fromSeq: number, take: number) => Promise<ChainRow[]>;
  sealedHead: () => Promise<ChainRow | undefined>;
  unplaced: () => Promise<{ id: string } | undefined>;
  seal: (seals: Seal[]) => Promise<void>;
  /** Writes new hashes over sealed ones (a re-chain under the current key), in one batch. */
  rechain: (seals: Seal[]) => Promise<void>;
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
export const contentOf = (log: AuditLogName, row: ChainRow, key: string) => ({
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

/** The chain's hasher (each row's key picked by its key id) and the key id new seals use. */
export async function chainKeys(env: Env) {
  const derived = await hmacKeysFrom(env.SECRETS_KEY, CHAIN_KEYS);
  const keys = new Map(derived.map(({ id, key }) => [id, key]));
  return {
    signingKey: derived[0].id,
    hash: keyedChainHash((content) => keys.get((content as { key: string }).key)),
  };
}

/**
 * The anchor of a log's head: the keyed hash over its place and hash (the log named), so a head
 * moved back or forged without the key does not match. Kept in CONTROL_DB, apart from the rows.
 */
const headContent = (log: AuditLogName, seq: number, key: string) => ({ log, head: seq, key });

export async function writeHead(env: Env, log: AuditLogName, seq: number, hash: string, rewrite = false) {
  if (seq === 0) return;
  const { signingKey, hash: keyed } = await chainKeys(env);
  await (rewrite ? systemRepo.rewriteChainHead : systemRepo.advanceChainHead)(controlDb(env), {
    log,
    seq,
    hash,
    anchor: await keyed(hash, headContent(log, seq, signingKey)),
    anchorKey: signingKey,
    updatedAt: new Date().toISOString(),
  });
}

/** Whether the stored head is one the service wrote (its anchor matches under its key). */
async function headAnchored(env: Env, log: AuditLogName, head: systemRepo.ChainHead): Promise<boolean> {
  const { hash } = await chainKeys(env);
  try {
    return (await hash(head.hash, headContent(log, head.seq, head.anchorKey))) === head.anchor;
  } catch {
    return false; // its key is no longer configured
  }
}

/** Recomputes the log from genesis; with `seal`, writes the hashes of the rows not yet sealed. */
export async function verifyLog(
  env: Env,
  log: ChainLog,
  seal: boolean,
): Promise<Omit<AuditChainVerification, "log" | "tenantId">> {
  const { signingKey, hash } = await chainKeys(env);

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

  // The head first: a seal landing during the walk only moves it past what the walk reads.
  const head = await systemRepo.findChainHead(controlDb(env), log.name);
  let atHead: string | null = null;
  let lastId = "";
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
      lastId = row.id;
      if (row.seq === head?.seq) atHead = previous;
    }
    if (rows.length < PAGE) break;
  }
  // Rows removed from the end leave the anchored head past the log (or on another hash).
  if (head && (atHead !== head.hash || !(await headAnchored(env, log.name, head))))
    return broken({ seq: Math.min(checked + 1, head.seq), id: checked >= head.seq ? lastId : "" });
  if (seal) {
    for (let i = 0; i < seals.length; i += 50) await log.seal(seals.slice(i, i + 50));
    if (checked > (head?.seq ?? 0)) await writeHead(env, log.name, checked, previous);
  }
  return {
    valid: true,
    checked,
    sealed: seal ? seals.length : 0,
    headSequence: checked,
    headHash: previous,
    firstBrokenAt: null,
  };
}

/**
 * Seals the rows written since the last sealed one, going on from its stored hash (verification
 * checks that hash; sealing does not read the log from genesis). Stops at a gap or a row sealed
 * meanwhile: verification names what is wrong. Returns how many rows it sealed.
 */
export async function sealLog(env: Env, log: ChainLog): Promise<number> {
  const { signingKey, hash } = await chainKeys(env);
  const head = await log.sealedHead();
  let previous = head?.chainHash ?? GENESIS_HASH;
  let next = (head?.seq ?? 0) + 1;
  let sealed = 0;
  for (let page = 0; page < SEAL_PAGES; page++) {
    const rows = await log.rows(next, PAGE);
    const seals: Seal[] = [];
    for (const row of rows) {
      if (row.seq !== next || row.chainHash !== null) break;
      previous = await hash(previous, contentOf(log.name, row, signingKey));
      seals.push({ id: row.id, chainHash: previous, chainKey: signingKey });
      next++;
    }
    for (let i = 0; i < seals.length; i += 50) await log.seal(seals.slice(i, i + 50));
    sealed += seals.length;
    if (seals.length < PAGE) break;
  }
  if (sealed > 0) await writeHead(env, log.name, next - 1, previous);
  return sealed;
}

/** Pages one sealing pass takes per log, and tenant logs per shard per minute. */
const SEAL_PAGES = 4;
const TENANTS_PER_SWEEP = 50;

/**
 * Minute cron: seals the newest rows of the operator log and of up to TENANTS_PER_SWEEP tenant
 * logs per shard, so an entry is chained within about a minute of its write, not only when the
 * log is next verified.
 */
export async function sealAuditLogs(env: Env): Promise<number> {
  let sealed = await sealLog(env, operatorLog(env));
  for (const shard of shardNumbers(env)) {
    for (const tenantId of await systemRepo.tenantsWithUnsealedRows(env, shard, TENANTS_PER_SWEEP)) {
      const tenant = await liveTenant(env, tenantId);
      // Only on the tenant's live shard (a move's copy is sealed by the copy), never in its fence.
      if (tenant?.shard === shard && sealable(tenant))
        sealed += await sealLog(env, tenantLog(tenantScope(env, shard, tenantId)));
    }
  }
  return sealed;
}

export const tenantLog = (scope: TenantScope): ChainLog => ({
  name: `tenant:${scope.tenantId}`,
  rows: (fromSeq, take) => repo.tenantChainRows(scope, fromSeq, take),
  sealedHead: () => repo.tenantSealedHead(scope),
  unplaced: () => repo.tenantUnplacedRow(scope),
  seal: (seals) => repo.sealTenantRows(scope, seals),
  rechain: (seals) => repo.rechainTenantRows(scope, seals),
});

export const operatorLog = (env: Env): ChainLog => ({
  name: "operator",
  rows: (fromSeq, take) => systemRepo.controlChainRows(controlDb(env), fromSeq, take),
  sealedHead: () => systemRepo.controlSealedHead(controlDb(env)),
  unplaced: () => systemRepo.controlUnplacedRow(controlDb(env)),
  seal: (seals) => systemRepo.sealControlRows(controlDb(env), seals),
  rechain: (seals) => systemRepo.rechainControlRows(controlDb(env), seals),
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
  if (!tenantId)
    return { log: "operator", tenantId: null, ...(await verifyLog(env, operatorLog(env), true)) };
  const { tenant } = await loadTenantContext(env, tenantId, requestId, { readOnly: true });
  const scope = tenantScope(env, tenant.shard, tenantId);
  return { log: "tenant", tenantId, ...(await verifyLog(env, tenantLog(scope), sealable(tenant))) };
}

/** Sealing writes the tenant's shard: not while a move fences its writes. */
export const sealable = (tenant: Tenant) => fenceSecondsLeft(tenant, new Date()) === 0;

export async function liveTenant(env: Env, tenantId: string): Promise<Tenant | undefined> {
  try {
    return (await loadTenantContext(env, tenantId, "system:audit.seal", { readOnly: true })).tenant;
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return undefined; // offboarded
    throw err;
  }
}
