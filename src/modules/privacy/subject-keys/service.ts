import { shardNumbers, type TenantScope } from "../../../db/client";
import type { SubjectKeyRow } from "../../../db/shard/privacy";
import type { Env } from "../../../env";
import { AppError } from "../../../lib/errors";
import { emptyResealCount, keyringFrom, type ResealCount, seal, unseal } from "../../../lib/sealed";
import {
  importSubjectKey,
  newSubjectKey,
  openForSubject,
  sealedSubject,
  sealForSubject,
  subjectKeyContext,
} from "../../../lib/subject-sealed";
import * as repo from "./repo";
import * as systemRepo from "./system-repo";

/**
 * Per-subject keys (issue 35): personal text inside a chained record is stored sealed under its
 * customer's key, so an erasure deletes the key instead of rewriting the record, and the chain
 * still verifies. What a deleted key sealed reads as ERASED_TEXT.
 */
export const ERASED_TEXT = "[erased]";

type Where = TenantScope & { env: Pick<Env, "SECRETS_KEY"> };

const keyContext = subjectKeyContext;

async function keyOf(where: Where, row: SubjectKeyRow): Promise<CryptoKey> {
  const keyring = await keyringFrom(where.env.SECRETS_KEY);
  try {
    return importSubjectKey(await unseal(keyring, row.sealedKey, keyContext(where.tenantId, row.customerId)));
  } catch (err) {
    // Sealed under a key SECRETS_KEY no longer holds (a rotation dropped the old key before the
    // reseal ran): an operator's fix, not the caller's, and nothing is written meanwhile.
    console.error(
      JSON.stringify({ msg: "subject key unreadable", tenantId: where.tenantId, error: String(err) }),
    );
    throw new AppError(
      "unavailable",
      "A key this record is sealed under is not configured; the operator must restore it (docs/decisions/security.md)",
      undefined,
      60,
    );
  }
}

/** `text` sealed under the customer's key (made on first use). */
export async function sealPersonalText(where: Where, customerId: string, use: string, text: string) {
  let [row] = await repo.findSubjectKeys(where, [customerId]);
  if (!row) {
    const keyring = await keyringFrom(where.env.SECRETS_KEY);
    await repo.insertSubjectKey(where, {
      tenantId: where.tenantId,
      customerId,
      sealedKey: await seal(keyring, newSubjectKey(), keyContext(where.tenantId, customerId)),
      createdAt: new Date().toISOString(),
    });
    [row] = await repo.findSubjectKeys(where, [customerId]);
  }
  return sealForSubject(await keyOf(where, row), { tenantId: where.tenantId, customerId, use }, text);
}

/** The texts opened (one read for their subjects' keys); a text whose key is gone is ERASED_TEXT. */
export async function openPersonalTexts(
  where: Where,
  use: string,
  texts: ReadonlyArray<string | null>,
): Promise<Array<string | null>> {
  const subjects = [...new Set(texts.map(sealedSubject).filter((s): s is string => s !== null))];
  if (subjects.length === 0) return [...texts];
  const rows = await repo.findSubjectKeys(where, subjects);
  const keys = new Map(
    await Promise.all(rows.map(async (r) => [r.customerId, await keyOf(where, r)] as const)),
  );
  return Promise.all(
    texts.map(async (text) => {
      const subject = sealedSubject(text);
      if (!subject || text === null) return text;
      const key = keys.get(subject);
      return (key && (await openForSubject(key, { tenantId: where.tenantId, use }, text))) ?? ERASED_TEXT;
    }),
  );
}

/**
 * After a SECRETS_KEY rotation (the operator's reseal): every subject key on every shard sealed
 * again under the first key, so the old key can be dropped without losing what they sealed.
 */
export async function resealSubjectKeys(env: Env): Promise<ResealCount> {
  const count = emptyResealCount();
  for (const shard of shardNumbers(env)) {
    const found = await systemRepo.resealShardSubjectKeys(env, shard);
    count.resealed += found.resealed;
    count.current += found.current;
    count.unreadable += found.unreadable;
  }
  return count;
}
