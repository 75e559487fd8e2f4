import { controlDb, shardNumbers } from "../../../../db/client";
import { tenantScope } from "../../../../db/tenant-context";
import type { Env } from "../../../../env";
import { GENESIS_HASH } from "../../../../lib/hash-chain";
import type { Seal } from "../../repo";
import * as systemRepo from "../../system-repo";
import {
  type AuditLogName,
  type ChainLog,
  chainKeys,
  contentOf,
  liveTenant,
  operatorLog,
  PAGE,
  sealable,
  tenantLog,
  verifyLog,
  writeHead,
} from "../service";

/**
 * After a SECRETS_KEY rotation (the reseal): each audit log with a row chained, or a head
 * anchored, under an older key is verified from genesis under the keys SECRETS_KEY still holds
 * and, only if valid, chained again under the first key (every row's hash from the first row on,
 * the rows' content unchanged) and its head anchored again, so the old key can be dropped. A log
 * that does not verify is left as it is (re-chaining would launder an edit) and logged. The new
 * hashes of a log are written in one batch (JSON chunks); rows written meanwhile chain on a hash
 * the batch replaces, so the walk reads on until no row is left, and an entry made on a replaced
 * hash is refused by its insert and made again (chain/steps/writer.ts).
 */

export interface AuditRechainCount {
  /** Verified, then chained again (and anchored) under the first key. */
  rechained: number;
  /** Does not verify: left as it is, logged; checked again on every run. */
  invalid: number;
  /** Not reached within this run's query budget: run again (its rows verify while the old key is listed). */
  pending: number;
}

/** D1 statements the re-chain may use in one request (the reseal's other sweeps use the rest). */
const RECHAIN_BUDGET = 200;

export async function rechainAuditLogs(env: Env, budget = RECHAIN_BUDGET): Promise<AuditRechainCount> {
  const { signingKey } = await chainKeys(env);
  const db = controlDb(env);
  const count: AuditRechainCount = { rechained: 0, invalid: 0, pending: 0 };
  const names = new Set<AuditLogName>((await systemRepo.staleChainHeads(db, signingKey)) as AuditLogName[]);
  if (await systemRepo.controlLogStale(db, signingKey)) names.add("operator");
  const logs = new Map<AuditLogName, ChainLog>();
  for (const shard of shardNumbers(env))
    for (const tenantId of await systemRepo.tenantsWithStaleRows(env, shard, signingKey))
      names.add(`tenant:${tenantId}`);
  let left = budget - 2 - shardNumbers(env).length;
  for (const name of names) {
    const log = name === "operator" ? operatorLog(env) : await tenantLogOf(env, name.slice("tenant:".length));
    if (!log) continue; // offboarded, moving, or not on a live shard: a later run
    logs.set(name, log);
  }
  for (const log of logs.values()) {
    const verified = left > 0 ? await verifyLog(env, log, false) : undefined;
    const reads = Math.ceil((verified?.checked ?? 0) / PAGE) + 3;
    // The walk again, the writes and a last read; all of it or none of it in this run.
    if (!verified || left < 2 * reads + 2) {
      count.pending++;
      continue;
    }
    left -= reads;
    if (!verified.valid) {
      count.invalid++;
      console.error(
        JSON.stringify({ level: "error", msg: "audit log does not verify: not re-chained", log: log.name }),
      );
      continue;
    }
    left -= await rechainLog(env, log, signingKey);
    count.rechained++;
  }
  return count;
}

async function tenantLogOf(env: Env, tenantId: string): Promise<ChainLog | undefined> {
  const tenant = await liveTenant(env, tenantId);
  return tenant && sealable(tenant) ? tenantLog(tenantScope(env, tenant.shard, tenantId)) : undefined;
}

/**
 * Chains every row again under `key` from genesis: the new hashes of every row read are written
 * in one batch (one transaction: a run that dies leaves the log as it was), then rows written
 * meanwhile (chained on a replaced hash) the same way until none is left. Returns the statements used.
 */
async function rechainLog(env: Env, log: ChainLog, key: string): Promise<number> {
  const { hash } = await chainKeys(env);
  let previous = GENESIS_HASH;
  let next = 1;
  let statements = 0;
  for (;;) {
    const seals: Seal[] = [];
    for (;;) {
      const rows = await log.rows(next, PAGE);
      statements++;
      for (const row of rows) {
        previous = await hash(previous, contentOf(log.name, row, key));
        if (previous !== row.chainHash || row.chainKey !== key)
          seals.push({ id: row.id, chainHash: previous, chainKey: key });
        next++;
      }
      if (rows.length < PAGE) break;
    }
    if (seals.length === 0) break;
    await log.rechain(seals);
    statements += Math.ceil(seals.length / PAGE);
  }
  if (next > 1) await writeHead(env, log.name, next - 1, previous, true);
  return statements + 1;
}
