import { secretKeyBytes } from "./sealed";

/** An HMAC-SHA-256 key derived from one key of SECRETS_KEY, with that key's id. */
export interface DerivedKey {
  id: string;
  key: CryptoKey;
}

/** What the keys are for: HKDF's salt and info (one pair per use, so uses are independent). */
export interface KeyPurpose {
  salt: string;
  info: string;
  /** Says in an error what cannot be done without SECRETS_KEY ("cursors cannot be signed"). */
  what: string;
}

const cache = new Map<string, Promise<DerivedKey[]>>();

/**
 * The HMAC keys of a SECRETS_KEY value for one purpose, in its order (the first signs, every one
 * verifies: a rotation), HKDF-derived and cached per purpose and value.
 */
export function hmacKeysFrom(secretsKey: string | undefined, purpose: KeyPurpose): Promise<DerivedKey[]> {
  if (!secretsKey?.trim())
    return Promise.reject(new Error(`SECRETS_KEY is not set: ${purpose.what} (see README)`));
  const cacheKey = `${purpose.info}\n${secretsKey}`;
  let keys = cache.get(cacheKey);
  if (!keys) {
    keys = derive(secretsKey, purpose);
    cache.set(cacheKey, keys);
    keys.catch(() => cache.delete(cacheKey));
  }
  return keys;
}

async function derive(secretsKey: string, purpose: KeyPurpose): Promise<DerivedKey[]> {
  const encoder = new TextEncoder();
  const keys: DerivedKey[] = [];
  for (const { id, raw } of await secretKeyBytes(secretsKey)) {
    const base = await crypto.subtle.importKey("raw", raw, "HKDF", false, ["deriveKey"]);
    const key = await crypto.subtle.deriveKey(
      {
        name: "HKDF",
        hash: "SHA-256",
        salt: encoder.encode(purpose.salt),
        info: encoder.encode(purpose.info),
      },
      base,
      { name: "HMAC", hash: "SHA-256", length: 256 },
      false,
      ["sign", "verify"],
    );
    keys.push({ id, key });
  }
  if (keys.length === 0) throw new Error(`SECRETS_KEY holds no key: ${purpose.what}`);
  return keys;
}
