import { controlDb, type TenantScope } from "../../db/client";
import type { KeyedCreate } from "../../db/tenant-context";
import type { Env } from "../../env";
import type { Clock } from "../../lib/clock";
import { sha256Hex } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { keyringFrom, seal, unseal } from "../../lib/sealed";
import {
  IDEMPOTENCY_TTL_MS,
  isReplayable,
  leaseMs,
  MAX_STORED_BODY_CHARS,
  REPLAYED_HEADERS,
  requestFingerprint,
  verdict,
} from "./domain/keys";
import {
  type Claim,
  deleteTenantAnswers,
  type KeyStore,
  operatorKeyStore,
  type StoredAnswer,
  tenantAnswers,
  tenantKeyStore,
} from "./repo";

export type { StoredAnswer } from "./repo";

/** One request's use of an idempotency key: where it is stored and what identifies the request. */
export interface IdempotentRequest {
  env: Env;
  clock: Clock;
  store: KeyStore;
  /** Ties sealed answers to their owner and key (AES-GCM additional data). */
  sealContext: string;
  key: string;
  requestHash: string;
}

/** A tenant's keys as one API key sees them: each key has its own space (http-conventions.md). */
export const tenantKeys = (scope: TenantScope, apiKeyId: string) => tenantKeyStore(scope, apiKeyId);
export const operatorKeys = (env: Env, operatorId: string) => operatorKeyStore(controlDb(env), operatorId);

/** Hex SHA-256 of the request's method, path and body. */
export async function fingerprint(method: string, pathWithQuery: string, body: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", requestFingerprint(method, pathWithQuery, body));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Claims the key for this request, or says what the earlier request with it left: its answer
 * to replay, 409 while it runs, 422 when that request was a different one.
 */
export async function begin(req: IdempotentRequest): Promise<{ replay: StoredAnswer } | { claimed: Claim }> {
  const now = req.clock.now().getTime();
  const claimed = await req.store.claim(req.key, req.requestHash, {
    now: new Date(now).toISOString(),
    lockedUntil: new Date(now + leaseMs(req.env)).toISOString(),
    expiresAt: new Date(now + IDEMPOTENCY_TTL_MS).toISOString(),
  });
  if (claimed) return { claimed };
  const existing = await req.store.find(req.key);
  // Released between our claim and this read (its request failed): the client may retry.
  if (!existing) throw inFlight();
  const found = verdict(existing, req.requestHash);
  if (found === "mismatch") {
    throw new AppError(
      "idempotency_key_reused",
      "This Idempotency-Key was used within 24 h for a different request (method, path or body); use a new key",
    );
  }
  if (found === "in_flight" || existing.status === undefined) throw inFlight();
  const body = existing.body === null || existing.body === undefined ? null : await open(req, existing.body);
  return { replay: { status: existing.status, headers: existing.headers ?? {}, body } };
}

/**
 * Keeps a claim live while its request runs: renews the lease every third of it, so a request
 * that runs long (past the deadline, under waitUntil) keeps its key, and a claim left by a process
 * that died lapses within one lease (docs/decisions/faults.md#a-kill-while-a-key-is-claimed).
 * Returns the stop. A failed renewal is left to the next one.
 */
export function holdClaim(req: IdempotentRequest): () => void {
  const lease = leaseMs(req.env);
  const timer = setInterval(() => {
    const until = new Date(req.clock.now().getTime() + lease).toISOString();
    req.store.renew(req.key, req.requestHash, until).catch(() => undefined);
  }, lease / 3);
  return () => clearInterval(timer);
}

/**
 * Seconds a 409 `idempotency_key_in_use` asks the client to wait: most requests answer within a
 * second, and every one within the 30 s deadline (docs/decisions/faults.md#concurrent-duplicates).
 */
export const KEY_IN_USE_RETRY_AFTER_SECONDS = 1;

const inFlight = () =>
  new AppError(
    "idempotency_key_in_use",
    "A request with this Idempotency-Key is still being processed; retry after Retry-After seconds with the same key",
    undefined,
    KEY_IN_USE_RETRY_AFTER_SECONDS,
  );

/**
 * Keeps a final answer for replay (sealed: creating answers may hold a key or signing secret
 * shown once); anything else releases the key so a retry does the work.
 */
export async function finish(req: IdempotentRequest, res: Response): Promise<void> {
  const text = isReplayable(res.status) && req.env.SECRETS_KEY ? await res.clone().text() : undefined;
  if (text === undefined || text.length > MAX_STORED_BODY_CHARS) {
    await req.store.release(req.key, req.requestHash);
    return;
  }
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const body = text === "" ? null : await seal(await keyringFrom(req.env.SECRETS_KEY), text, req.sealContext);
  await req.store.complete(req.key, req.requestHash, { status: res.status, headers, body });
}

/**
 * What a keyed create puts in its batch so that a retry after a lost answer finds what it made
 * (KeyedCreate, src/db/tenant-context.ts), for a tenant's keys and an operator's alike.
 */
export function keyedCreate(req: IdempotentRequest, claim: Claim): KeyedCreate {
  const { store } = req;
  const calls = new Map<string, number>();
  return {
    createdId: claim.createdId,
    recordCreated: (id, sealedSecret) => store.recordCreated(req.key, req.requestHash, id, sealedSecret),
    async sealSecret(secret) {
      return seal(await keyringFrom(req.env.SECRETS_KEY), secret, req.sealContext);
    },
    async createdSecret() {
      return claim.createdSecret === null ? null : open(req, claim.createdSecret);
    },
    async stableId(purpose) {
      const n = (calls.get(purpose) ?? 0) + 1;
      calls.set(purpose, n);
      return uuidFromHex(await sha256Hex(`${req.sealContext}\n${req.requestHash}\n${purpose}\n${n}`));
    },
  };
}

/** A UUID (version 8: custom) from the first 128 bits of a hex digest. */
function uuidFromHex(hex: string): string {
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Releases the key after the request failed before an answer (a thrown error). */
export const abandon = (req: IdempotentRequest) => req.store.release(req.key, req.requestHash);

const open = async (req: IdempotentRequest, stored: string) =>
  unseal(await keyringFrom(req.env.SECRETS_KEY), stored, req.sealContext);

const ANSWERS_PAGE = 50;

/**
 * Drops the tenant's stored answers that name any of `needles` (case-blind): a data-subject
 * erasure's, so a replay never hands the erased values back. The answers are sealed, so each is
 * opened here; one that cannot be opened (its key left SECRETS_KEY) cannot be replayed either.
 * Answers live 24 h, so a tenant holds few. Returns how many went.
 */
export async function dropAnswersNaming(env: Env, scope: TenantScope, needles: readonly string[]) {
  const wanted = needles.map((n) => n.toLowerCase());
  const keyring = await keyringFrom(env.SECRETS_KEY);
  let dropped = 0;
  for (let after = ""; ; ) {
    const page = await tenantAnswers(scope, after, ANSWERS_PAGE);
    if (page.length === 0) return dropped;
    const naming: string[] = [];
    for (const row of page) {
      const text = await unseal(keyring, row.body ?? "", `idempotency:${scope.tenantId}:${row.key}`).catch(
        () => "",
      );
      const lower = text.toLowerCase();
      if (wanted.some((w) => lower.includes(w))) naming.push(row.key);
    }
    await deleteTenantAnswers(scope, naming);
    dropped += naming.length;
    after = page[page.length - 1].key;
  }
}
