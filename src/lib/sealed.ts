/**
 * Secrets the service must read back (webhook signing secrets, connector passwords) are kept in
 * D1 sealed with AES-256-GCM under SECRETS_KEY, a Worker secret that never enters the database:
 * a copy of D1 (an export, a backup, a leaked query result) does not reveal them.
 *
 * Stored form: `sealed:v1:<key id>:<base64url(iv || ciphertext || tag)>`. The key id is the
 * first 8 hex digits of SHA-256 of the raw key, so SECRETS_KEY can hold several
 * comma-separated keys during a rotation: the first seals, any of them unseals. The context
 * (which row and field the value belongs to) is authenticated as additional data, so a sealed
 * value copied into another row or tenant does not open there.
 */
const PREFIX = "sealed:v1:";
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface Keyring {
  sealingKeyId: string;
  keys: ReadonlyMap<string, CryptoKey>;
}

const base64ToBytes = (text: string): Uint8Array => {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};
const bytesToBase64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

const keyrings = new Map<string, Promise<Keyring>>();

/** The keyring of a SECRETS_KEY value (base64 of 32 bytes, or several, comma-separated). */
export function keyringFrom(secretsKey: string | undefined): Promise<Keyring> {
  if (!secretsKey?.trim()) {
    return Promise.reject(new Error("SECRETS_KEY is not set (base64 of 32 random bytes; see README)"));
  }
  let keyring = keyrings.get(secretsKey);
  if (!keyring) {
    keyring = importKeys(secretsKey);
    keyrings.set(secretsKey, keyring);
    keyring.catch(() => keyrings.delete(secretsKey));
  }
  return keyring;
}

/** The raw keys of a SECRETS_KEY value with their ids (first 8 hex digits of SHA-256), first = sealing key. */
export async function secretKeyBytes(secretsKey: string): Promise<Array<{ id: string; raw: Uint8Array }>> {
  const out: Array<{ id: string; raw: Uint8Array }> = [];
  for (const part of secretsKey
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    let raw: Uint8Array;
    try {
      raw = base64ToBytes(part);
    } catch {
      throw new Error("SECRETS_KEY: each key must be base64");
    }
    if (raw.length !== 32) throw new Error(`SECRETS_KEY: each key must be 32 bytes (got ${raw.length})`);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", raw));
    out.push({ id: [...digest.slice(0, 4)].map((b) => b.toString(16).padStart(2, "0")).join(""), raw });
  }
  return out;
}

async function importKeys(secretsKey: string): Promise<Keyring> {
  const keys = new Map<string, CryptoKey>();
  let sealingKeyId = "";
  for (const { id, raw } of await secretKeyBytes(secretsKey)) {
    keys.set(id, await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
    sealingKeyId ||= id;
  }
  return { sealingKeyId, keys };
}

export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

/** Whether a stored value is plaintext or sealed with a key other than the sealing key. */
export const needsReseal = (keyring: Keyring, stored: string): boolean =>
  !isSealed(stored) || stored.slice(PREFIX.length).split(":")[0] !== keyring.sealingKeyId;

export async function seal(keyring: Keyring, plaintext: string, context: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = keyring.keys.get(keyring.sealingKeyId) as CryptoKey;
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: encoder.encode(context) },
      key,
      encoder.encode(plaintext),
    ),
  );
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return `${PREFIX}${keyring.sealingKeyId}:${bytesToBase64Url(out)}`;
}

/**
 * The plaintext of a sealed value. A value without the prefix was stored before sealing
 * existed (local development data) and is returned as it is; it is sealed when next written.
 */
export async function unseal(keyring: Keyring, stored: string, context: string): Promise<string> {
  if (!isSealed(stored)) return stored;
  const [keyId, body] = stored.slice(PREFIX.length).split(":");
  const key = keyring.keys.get(keyId);
  if (!key) throw new Error(`sealed with key ${keyId}, which SECRETS_KEY does not hold`);
  const bytes = base64ToBytes(body ?? "");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes.slice(0, 12), additionalData: encoder.encode(context) },
    key,
    bytes.slice(12),
  );
  return decoder.decode(plain);
}

/** What a reseal (after a key rotation) did to the stored values it looked at. */
export interface ResealCount {
  /** Values rewritten under the sealing key (sealed with an older key, or plaintext). */
  resealed: number;
  /** Values already sealed with the sealing key. */
  current: number;
  /** Values that no key of SECRETS_KEY opens (left as they are; each is logged). */
  unreadable: number;
}

export const emptyResealCount = (): ResealCount => ({ resealed: 0, current: 0, unreadable: 0 });

/**
 * One stored value, sealed again under the sealing key when it is not already, counted in
 * `count`. Returns the new stored form, or undefined when there is nothing to write: the value
 * is current, or no key opens it (then it is logged by `where`, never by value).
 */
export async function resealInto(
  count: ResealCount,
  keyring: Keyring,
  stored: string,
  context: string,
  where: Record<string, string>,
): Promise<string | undefined> {
  if (!needsReseal(keyring, stored)) {
    count.current++;
    return undefined;
  }
  try {
    const again = await seal(keyring, await unseal(keyring, stored, context), context);
    count.resealed++;
    return again;
  } catch (err) {
    count.unreadable++;
    console.error(
      JSON.stringify({ level: "error", msg: "sealed value does not open", ...where, err: String(err) }),
    );
    return undefined;
  }
}
