/**
 * Personal text sealed under its data subject's key (issue 35): AES-256-GCM, stored as
 * `subject:v1:<customer id>:<base64(iv || ciphertext || tag)>`, the tenant, the customer and the
 * use authenticated as additional data. The key is the customer's (the privacy module keeps it,
 * itself sealed with SECRETS_KEY); deleting it leaves the stored text unreadable for good, while
 * a hash chain over the stored form still verifies.
 */
const PREFIX = "subject:v1:";
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A new subject key: 32 random bytes, base64 (what the privacy module seals and stores). */
export const newSubjectKey = (): string => toBase64(crypto.getRandomValues(new Uint8Array(32)));

export const importSubjectKey = (base64: string): Promise<CryptoKey> =>
  crypto.subtle.importKey("raw", fromBase64(base64), "AES-GCM", false, ["encrypt", "decrypt"]);

const aad = (tenantId: string, customerId: string, use: string) =>
  encoder.encode(`${use}\n${tenantId}\n${customerId}`);

export async function sealForSubject(
  key: CryptoKey,
  where: { tenantId: string; customerId: string; use: string },
  plaintext: string,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: aad(where.tenantId, where.customerId, where.use) },
      key,
      encoder.encode(plaintext),
    ),
  );
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return `${PREFIX}${where.customerId}:${toBase64(out)}`;
}

/** The customer whose key sealed `stored`, or null when it is plain text. */
export function sealedSubject(stored: string | null): string | null {
  if (!stored?.startsWith(PREFIX)) return null;
  return stored.slice(PREFIX.length).split(":")[0] ?? null;
}

/** The plain text of `stored` under its subject's key; null when it does not open. */
export async function openForSubject(
  key: CryptoKey,
  where: { tenantId: string; use: string },
  stored: string,
): Promise<string | null> {
  const customerId = sealedSubject(stored);
  if (!customerId) return stored;
  const bytes = fromBase64(stored.slice(PREFIX.length + customerId.length + 1));
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.slice(0, 12), additionalData: aad(where.tenantId, customerId, where.use) },
      key,
      bytes.slice(12),
    );
    return decoder.decode(plain);
  } catch {
    return null;
  }
}

/** What a subject key is sealed for with SECRETS_KEY (src/lib/sealed.ts context). */
export const subjectKeyContext = (tenantId: string, customerId: string) =>
  `subject-key:${tenantId}:${customerId}`;
