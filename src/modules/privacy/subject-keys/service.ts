import { shardNumbers, type TenantScope } from "../../../db/client";
import type { SubjectKeyRow } from "../../../db/shard/privacy";
import type { Env } from "../../../env";
import { AppError, badRequest } from "../../../lib/errors";
import { emptyResealCount, keyringFrom, type ResealCount, seal, unseal } from "../../../lib/sealed";
import {
  importSubjectKey,
  mergeFields,
  newSubjectKey,
  openForSubject,
  SEALED_FIELDS,
  sealedFieldsOf,
  sealedSubject,
  sealForSubject,
  splitFields,
  subjectKeyContext,
} from "../../../lib/subject-sealed";
import { accountOwner, customersMentionedIn } from "../../data/service";
import { tagWords } from "../domain/subject";
import * as repo from "./repo";
import * as systemRepo from "./system-repo";

/**
 * Per-subject keys (issue 35): personal text inside a chained record is stored sealed under its
 * customer's key, so an erasure deletes the key instead of rewriting the record, and the chain
 * still verifies. What a deleted key sealed reads as ERASED_TEXT.
 */
export const ERASED_TEXT = "[erased]";
/** What a text reads while the key its subject key is sealed under is missing from SECRETS_KEY. */
export const UNREADABLE_TEXT = "[sealed]";

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

/** The customer's key, made on first use (a concurrent writer's key wins: read back). */
async function keyFor(where: Where, customerId: string): Promise<CryptoKey> {
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
  return keyOf(where, row);
}

/**
 * `text` sealed under the customer's key (made on first use). A text about this customer that
 * names others (their e-mail, full name or phone, data/service.ts customersMentionedIn) is sealed
 * under each of their keys first, then under this customer's: erasing any one of them makes it
 * unreadable, and no stored byte of the record has to change
 * (docs/decisions/offboarding-and-erasure.md#text-about-another-customer).
 */
export async function sealPersonalText(where: Where, customerId: string, use: string, text: string) {
  if (sealedSubject(text) !== null) return text;
  let sealed = text;
  for (const other of (await customersMentionedIn(where, text, customerId)).sort())
    sealed = await sealForSubject(
      await keyFor(where, other),
      { tenantId: where.tenantId, customerId: other, use },
      sealed,
    );
  return sealForSubject(
    await keyFor(where, customerId),
    { tenantId: where.tenantId, customerId, use },
    sealed,
  );
}

/**
 * Tags stay plain (cases are filtered by them): a tag that spells a customer's full name (or
 * e-mail, or phone) is refused, 400 naming `add` (docs/decisions/case-work.md#tags).
 */
export async function assertTagsImpersonal(scope: TenantScope, tags: readonly string[]) {
  if (tags.length === 0) return;
  if ((await customersMentionedIn(scope, tagWords(tags), "")).length > 0)
    throw badRequest(
      "A tag names a customer: tags are stored plain, put personal data in a note (it is sealed)",
      [{ path: "add", message: "a tag spells a customer's name, e-mail or phone" }],
    );
}

/**
 * Whose data a record about an entity holds: a customer is its own subject, an account its owning
 * customer's; other entities (agents, merchants, counterparties) are no customer's (null).
 */
export async function subjectOf(where: TenantScope, entityType: string, entityId: string) {
  if (entityType === "customer") return entityId;
  if (entityType === "account") return accountOwner(where, entityId);
  return null;
}

/**
 * A JSON object with every field not in `clear` (structural fields: ids, statuses, hashes, times)
 * moved into one text sealed under the customer's key, at `SEALED_FIELDS`; null and objects with
 * nothing to seal stay as they are.
 */
export async function sealPersonalFields<T extends Record<string, unknown> | null | undefined>(
  where: Where,
  customerId: string,
  use: string,
  value: T,
  clear: ReadonlySet<string>,
): Promise<T | Record<string, unknown>> {
  if (!value) return value;
  const { kept, secret } = splitFields(value, clear);
  if (secret === null) return value;
  return { ...kept, [SEALED_FIELDS]: await sealPersonalText(where, customerId, use, secret) };
}

/**
 * The objects with their sealed fields opened and merged back; fields whose key is gone read as
 * one field `erased: "[erased]"`. Objects without sealed fields are returned as they are.
 */
export async function openPersonalFields<T extends Record<string, unknown> | null>(
  where: Where,
  use: string,
  values: ReadonlyArray<T>,
): Promise<Array<T | Record<string, unknown>>> {
  const texts = values.map((v) => sealedFieldsOf(v));
  if (texts.every((t) => t === null)) return [...values];
  const opened = await openPersonalTexts(where, use, texts);
  return values.map((v, i) => (texts[i] === null || !v ? v : mergeFields(v, opened[i] ?? ERASED_TEXT)));
}

/**
 * The texts opened, layer by layer (a text naming other customers is sealed under each of their
 * keys inside its subject's): one read of keys per layer. A text any of whose keys is gone is
 * ERASED_TEXT.
 */
export async function openPersonalTexts(
  where: Where,
  use: string,
  texts: ReadonlyArray<string | null>,
): Promise<Array<string | null>> {
  let current = [...texts];
  // A key SECRETS_KEY cannot open (logged by keyOf) leaves its texts UNREADABLE_TEXT: the record
  // still reads (its chain, its other fields), where a write under that key is refused.
  const keys = new Map<string, CryptoKey | null>();
  const done = new Set<number>();
  for (;;) {
    const subjects = [...new Set(current.flatMap((t, i) => (done.has(i) ? [] : [sealedSubject(t)])))].filter(
      (s): s is string => s !== null,
    );
    if (subjects.length === 0) return current;
    const missing = subjects.filter((s) => !keys.has(s));
    const rows = missing.length > 0 ? await repo.findSubjectKeys(where, missing) : [];
    for (const r of rows) keys.set(r.customerId, await keyOf(where, r).catch(() => null));
    current = await Promise.all(
      current.map(async (text, i) => {
        const subject = done.has(i) ? null : sealedSubject(text);
        if (!subject || text === null) {
          done.add(i);
          return text;
        }
        const key = keys.get(subject);
        const opened =
          key === null
            ? UNREADABLE_TEXT
            : ((key && (await openForSubject(key, { tenantId: where.tenantId, use }, text))) ?? ERASED_TEXT);
        if (opened === UNREADABLE_TEXT || opened === ERASED_TEXT) done.add(i);
        return opened;
      }),
    );
  }
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
