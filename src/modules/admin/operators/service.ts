import { controlDb } from "../../../db/client";
import type { OperatorTokenRow } from "../../../db/control-schema";
import type { PageRequest } from "../../../db/keyset";
import type { Env } from "../../../env";
import type { Clock } from "../../../lib/clock";
import { sha256Hex, timingSafeEqualText, uuidV7 } from "../../../lib/crypto";
import { AppError, badRequest, notFound } from "../../../lib/errors";
import { presentPage } from "../../../lib/pagination";
import { OPERATOR_SCOPES, type OperatorScope, scopesNotHeld } from "../../../lib/scopes";
import type { Actor } from "../../audit/domain/types";
import {
  BOOTSTRAP_OPERATOR,
  isAuditConflict,
  type OperatorContext,
  operatorAuditInsert,
} from "../../audit/service";
import {
  generateOperatorToken,
  isWellFormedOperatorToken,
  operatorTokenPrefix,
} from "../domain/operator-tokens";
import * as repo from "./repo";

const unauthorized = () => new AppError("unauthorized", "Missing or invalid admin token");

const DAY_MS = 86_400_000;
export const DEFAULT_TOKEN_DAYS = 90;
export const MAX_TOKEN_DAYS = 365;
/** lastUsedAt is written at most this often per token: one write a minute, not one a request. */
const TOUCH_EVERY_MS = 60_000;

/** What the credential behind a request may do: its scopes, and when it ends (null: never). */
export interface OperatorGrant {
  scopes: OperatorScope[];
  expiresAt: string | null;
}

/**
 * The operator behind a bearer token: the bootstrap ADMIN_TOKEN (every scope, no expiry), or a
 * named operator token that is live, unexpired, and has no revoked token up its created_by
 * chain. Tokens are looked up on every request (no cache), so a revocation holds at once.
 */
export async function authenticateOperator(
  env: Env,
  presented: string,
  clock: Clock,
): Promise<{ actor: Actor; grant: OperatorGrant }> {
  if (env.ADMIN_TOKEN && (await timingSafeEqualText(presented, env.ADMIN_TOKEN))) {
    return {
      actor: { type: "operator", id: BOOTSTRAP_OPERATOR },
      grant: { scopes: OPERATOR_SCOPES, expiresAt: null },
    };
  }
  if (!isWellFormedOperatorToken(presented)) throw unauthorized();
  const db = controlDb(env);
  const hash = await sha256Hex(presented);
  for (const row of await repo.tokensByPrefix(db, operatorTokenPrefix(presented))) {
    if (!(await timingSafeEqualText(row.tokenHash, hash))) continue;
    const now = clock.now();
    if (row.revokedAt) throw unauthorized();
    if (row.expiresAt <= now.toISOString())
      throw new AppError("unauthorized", "This operator token has expired");
    if (row.createdBy !== BOOTSTRAP_OPERATOR && (await repo.ancestorRevoked(db, row.id)))
      throw unauthorized();
    if (!row.lastUsedAt || Date.parse(row.lastUsedAt) <= now.getTime() - TOUCH_EVERY_MS) {
      const staleBefore = new Date(now.getTime() - TOUCH_EVERY_MS).toISOString();
      await repo.touchToken(db, row.id, now.toISOString(), staleBefore);
    }
    return {
      actor: { type: "operator", id: row.id },
      grant: { scopes: row.scopes, expiresAt: row.expiresAt },
    };
  }
  throw unauthorized();
}

export const presentToken = (row: OperatorTokenRow, now: Date) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  status: row.revokedAt
    ? ("revoked" as const)
    : row.expiresAt <= now.toISOString()
      ? ("expired" as const)
      : ("active" as const),
  scopes: row.scopes,
  createdBy: row.createdBy,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
  lastUsedAt: row.lastUsedAt,
  revokedAt: row.revokedAt,
});

export interface NewOperatorToken {
  name: string;
  /** Default: every scope the creator holds. */
  scopes?: OperatorScope[];
  /** Default: 90 days, or the creator's own expiry if sooner. */
  expiresAt?: string;
}

/** The expiry of a new token: in the future, at most a year away, never after its creator's. */
function expiryOf(grant: OperatorGrant, now: Date, requested?: string): string {
  const creatorEnds = grant.expiresAt ? Date.parse(grant.expiresAt) : Number.POSITIVE_INFINITY;
  if (!requested)
    return new Date(Math.min(now.getTime() + DEFAULT_TOKEN_DAYS * DAY_MS, creatorEnds)).toISOString();
  const at = Date.parse(requested);
  const detail = (message: string) => badRequest(message, [{ path: "expiresAt", message }]);
  if (at <= now.getTime()) throw detail("Must be in the future");
  if (at > now.getTime() + MAX_TOKEN_DAYS * DAY_MS) throw detail(`At most ${MAX_TOKEN_DAYS} days from now`);
  if (at > creatorEnds) throw detail(`Not after the creating token's own expiry (${grant.expiresAt})`);
  return new Date(at).toISOString();
}

/** A token grants only scopes it holds, and ends no later than itself. */
export async function createOperatorToken(
  op: OperatorContext,
  grant: OperatorGrant,
  input: NewOperatorToken,
) {
  const scopes = input.scopes ? [...new Set(input.scopes)] : grant.scopes;
  const missing = scopesNotHeld(grant.scopes, scopes);
  if (missing.length > 0) {
    throw new AppError(
      "forbidden",
      `This operator token cannot grant scopes it lacks: ${missing.join(", ")}`,
    );
  }
  const now = op.clock.now();
  const db = controlDb(op.env);
  // Made under this Idempotency-Key by an attempt whose answer (the token's only showing) was lost
  // to a kill: that token, opened from the sealed copy recorded with it
  // (docs/decisions/faults.md#a-kill-while-a-key-is-claimed).
  const idempotent = op.idempotent;
  if (idempotent?.createdId) {
    const [earlier, secret] = await Promise.all([
      repo.findToken(db, idempotent.createdId),
      idempotent.createdSecret(),
    ]);
    if (earlier && secret !== null && earlier.createdBy === op.actor.id)
      return { ...presentToken(earlier, now), token: secret };
  }
  const { token, prefix } = generateOperatorToken();
  const row: OperatorTokenRow = {
    id: uuidV7(now),
    name: input.name,
    prefix,
    tokenHash: await sha256Hex(token),
    createdBy: op.actor.id,
    createdAt: now.toISOString(),
    revokedAt: null,
    scopes,
    expiresAt: expiryOf(grant, now, input.expiresAt),
    lastUsedAt: null,
  };
  const sealed = idempotent ? await idempotent.sealSecret(token) : undefined;
  await db.batch([
    repo.insertToken(db, row),
    operatorAuditInsert(
      op,
      {
        action: "operator_token.created",
        target: { type: "operator_token", id: row.id },
        after: presentToken(row, now),
      },
      null,
    ),
    ...(idempotent ? [idempotent.recordCreated(row.id, sealed)] : []),
  ]);
  return { ...presentToken(row, now), token };
}

export async function listOperatorTokens(env: Env, page: PageRequest, clock: Clock) {
  const now = clock.now();
  return presentPage(await repo.listTokens(controlDb(env), page), (row) => presentToken(row, now));
}

/**
 * Revokes the token and every live token below it on the created_by chain, in one batch: each
 * with its own entry (`operator_token.revoked` for the one named, `operator_token.revoked_by_cascade`
 * below it), written only if that row changed. Idempotent: nothing live, nothing recorded. A child
 * made while this runs is not in the batch but is refused anyway: authentication checks the chain.
 */
export async function revokeOperatorToken(op: OperatorContext, id: string) {
  const db = controlDb(op.env);
  if (!(await repo.findToken(db, id))) throw notFound("Operator token");
  // A revocation running at the same time may take a row of the lineage first: its entry is then
  // not written, the next one finds its place gone (an audit conflict), and the lineage is read again.
  for (let attempt = 1; ; attempt++) {
    const lineage = await repo.liveLineage(db, id);
    if (lineage.length === 0) return;
    const now = op.clock.now();
    const at = now.toISOString();
    const [first, ...rest] = lineage.flatMap((row) => [
      repo.revokeToken(db, row.id, at),
      operatorAuditInsert(
        op,
        {
          action: row.id === id ? "operator_token.revoked" : "operator_token.revoked_by_cascade",
          target: { type: "operator_token", id: row.id },
          before: presentToken(row, now),
          after: presentToken({ ...row, revokedAt: at }, now),
        },
        null,
        { onlyIfChanged: true },
      ),
    ]);
    try {
      await db.batch([first, ...rest]);
      return;
    } catch (err) {
      if (attempt >= 3 || !isAuditConflict(err)) throw err;
    }
  }
}
