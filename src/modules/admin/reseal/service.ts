import { shardNumbers } from "../../../db/client";
import type { PageSweeper } from "../../../db/reanchor-page";
import type { Env } from "../../../env";
import {
  type AnchorSweepCount,
  type AnchorTally,
  emptyAnchorSweepCount,
  splitTally,
} from "../../../lib/reanchor";
import { emptyResealCount, keyringFrom } from "../../../lib/sealed";
import type { OperatorContext } from "../../audit/service";
import { operatorAuditInsert, rechainAuditLogs } from "../../audit/service";
import { anchorKeysFrom, type CaseKind } from "../../cases/domain/anchor";
import { CASE_KINDS } from "../../cases/domain/work";
import { caseKindServices } from "../../cases/kinds/service";
import { resealSubjectKeys } from "../../privacy/subject-keys/service";
import { resealShard } from "../../webhooks/secrets/system-repo";
import { resealConnectorPasswords } from "../connectors/service";
import { type SweepDb, sweepShardDb } from "./system-repo";

/** Cases read per page (one statement for the cases, one for their events). */
const SWEEP_PAGE = 200;

/**
 * D1 statements the sweep may use in one request. D1 allows 1,000 queries per invocation; the
 * rest is left to authentication, the reseal of sealed secrets and the audit entry. A page
 * starts only while a whole one (2 reads + one update per case) still fits; what is left over
 * is reported as `pending`, and running the reseal again carries on (current heads are counted,
 * not read again).
 */
const SWEEP_BUDGET = 600;

interface KindSweep {
  kind: CaseKind;
  tally: (db: SweepDb) => Promise<AnchorTally>;
  page: PageSweeper;
}

/** Each case kind's side of the sweep, through the cases module's interface over the kinds. */
const kindSweeps = (): KindSweep[] => CASE_KINDS.map((kind) => ({ kind, ...caseKindServices(kind).anchors }));

export interface CaseAnchorSweep {
  /**
   * True when every case under an older key this keyring holds was reached: re-anchored, or
   * found invalid. False: run the reseal again.
   */
  complete: boolean;
  fraud: AnchorSweepCount;
  aml: AnchorSweepCount;
}

/**
 * After a SECRETS_KEY rotation: on every shard, each fraud case head and AML case anchored
 * under an older key of the keyring is verified (whole chain and old anchor) and anchored
 * again under the first key. A case that does not verify is left as it is and logged
 * (re-anchoring it would launder the tampering); one whose key is gone is counted unreadable.
 */
export async function reanchorCases(
  env: Env,
  { budget = SWEEP_BUDGET, pageSize = SWEEP_PAGE } = {},
): Promise<CaseAnchorSweep> {
  const keys = await anchorKeysFrom(env.SECRETS_KEY);
  const counts: Record<CaseKind, AnchorSweepCount> = {
    fraud: emptyAnchorSweepCount(),
    aml: emptyAnchorSweepCount(),
  };
  let left = budget;
  for (const shard of shardNumbers(env)) {
    const db = sweepShardDb(env, shard);
    for (const { kind, tally, page } of kindSweeps()) {
      const count = counts[kind];
      const split = splitTally(await tally(db), keys);
      left--;
      count.current += split.current;
      count.unreadable += split.unreadable;
      if (split.unreadable > 0)
        console.error(
          JSON.stringify({
            level: "error",
            msg: "case heads anchored under a key SECRETS_KEY no longer holds",
            kind,
            shard,
            count: split.unreadable,
          }),
        );
      let done = 0;
      for (let after = ""; split.stale > 0 && left >= pageSize + 2; ) {
        const found = await page(db, shard, keys, split.staleKeyIds, after, pageSize);
        left -= found.statements;
        count.reanchored += found.reanchored;
        count.invalid += found.invalid;
        done += found.reanchored + found.invalid;
        if (found.seen < pageSize) break;
        after = found.lastId;
      }
      count.pending += Math.max(0, split.stale - done);
    }
  }
  return { complete: counts.fraud.pending + counts.aml.pending === 0, ...counts };
}

/**
 * After a SECRETS_KEY rotation: every stored connector password, webhook signing secret and
 * subject key (every shard) is sealed again under the first key, plaintext ones included, and every fraud
 * and AML case head anchored under an older key is verified and anchored again
 * (reanchorCases), and every audit log chained under an older key is verified and chained again
 * (rechainAuditLogs), so the old key can be dropped. The secrets themselves do not change.
 * Safe to run again (current values are counted, not rewritten); when `caseAnchors.complete` is
 * false the sweep ran out of its query budget and a next run carries on.
 */
export async function resealSecrets(op: OperatorContext) {
  const { env } = op;
  const keyring = await keyringFrom(env.SECRETS_KEY);
  const connectorPasswords = await resealConnectorPasswords(env, keyring);
  const webhookSecrets = emptyResealCount();
  for (const shard of shardNumbers(env)) {
    const found = await resealShard(env, shard);
    webhookSecrets.resealed += found.resealed;
    webhookSecrets.current += found.current;
    webhookSecrets.unreadable += found.unreadable;
  }
  const subjectKeys = await resealSubjectKeys(env);
  const caseAnchors = await reanchorCases(env);
  const auditLogs = await rechainAuditLogs(env);
  const result = {
    keyId: keyring.sealingKeyId,
    connectorPasswords,
    webhookSecrets,
    subjectKeys,
    caseAnchors,
    auditLogs,
  };
  // Spans every database, so it is recorded once it is done (counts only; no secret is read out).
  await operatorAuditInsert(
    op,
    { action: "secrets.resealed", target: { type: "secrets", id: "all" }, after: result },
    null,
  );
  return result;
}
