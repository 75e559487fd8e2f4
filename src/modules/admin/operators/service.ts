import { controlDb } from "../../../db/client";
import type { OperatorTokenRow } from "../../../db/control-schema";
import type { PageRequest } from "../../../db/keyset";
import type { Env } from "../../../env";
import { sha256Hex, timingSafeEqualText, uuidV7 } from "../../../lib/crypto";
import { AppError, notFound } from "../../../lib/errors";
import { presentPage } from "../../../lib/pagination";
import type { Actor } from "../../audit/domain/types";
import {
  BOOTSTRAP_OPERATOR,
  type OperatorContext,
  operatorAuditInsert,
  revokeAudited,
} from "../../audit/service";
import {
  generateOperatorToken,
  isWellFormedOperatorToken,
  operatorTokenPrefix,
} from "../domain/operator-tokens";
import * as repo from "./repo";

const unauthorized = () => new AppError("unauthorized", "Missing or invalid admin token");

/**
 * The operator behind a bearer token: the bootstrap ADMIN_TOKEN, or a live named operator
 * token. Tokens are looked up on every request (no cache), so a revocation holds at once.
 */
export async function authenticateOperator(env: Env, presented: string): Promise<Actor> {
  if (env.ADMIN_TOKEN && (await timingSafeEqualText(presented, env.ADMIN_TOKEN))) {
    return { type: "operator", id: BOOTSTRAP_OPERATOR };
  }
  if (!isWellFormedOperatorToken(presented)) throw unauthorized();
  const hash = await sha256Hex(presented);
  for (const row of await repo.tokensByPrefix(controlDb(env), operatorTokenPrefix(presented))) {
    if ((await timingSafeEqualText(row.tokenHash, hash)) && !row.revokedAt) {
      return { type: "operator", id: row.id };
    }
  }
  throw unauthorized();
}

export const presentToken = (row: OperatorTokenRow) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  status: row.revokedAt ? ("revoked" as const) : ("active" as const),
  createdBy: row.createdBy,
  createdAt: row.createdAt,
  revokedAt: row.revokedAt,
});

export async function createOperatorToken(op: OperatorContext, name: string) {
  const now = op.clock.now();
  const { token, prefix } = generateOperatorToken();
  const row: OperatorTokenRow = {
    id: uuidV7(now),
    name,
    prefix,
    tokenHash: await sha256Hex(token),
    createdBy: op.actor.id,
    createdAt: now.toISOString(),
    revokedAt: null,
  };
  const db = controlDb(op.env);
  await db.batch([
    repo.insertToken(db, row),
    operatorAuditInsert(
      op,
      {
        action: "operator_token.created",
        target: { type: "operator_token", id: row.id },
        after: presentToken(row),
      },
      null,
    ),
  ]);
  return { ...presentToken(row), token };
}

export async function listOperatorTokens(env: Env, page: PageRequest) {
  return presentPage(await repo.listTokens(controlDb(env), page), presentToken);
}

/** Idempotent: revoking a revoked token changes nothing and records nothing. */
export async function revokeOperatorToken(op: OperatorContext, id: string) {
  const db = controlDb(op.env);
  const row = await repo.findToken(db, id);
  if (!row) throw notFound("Operator token");
  if (row.revokedAt) return;
  await revokeAudited(
    op,
    db,
    (at) => repo.revokeToken(db, id, at),
    (at) => ({
      action: "operator_token.revoked",
      target: { type: "operator_token", id },
      before: presentToken(row),
      after: presentToken({ ...row, revokedAt: at }),
    }),
    null,
  );
}
