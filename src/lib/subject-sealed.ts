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

/**
 * The key of a JSON object under which its personal fields are kept, sealed as one text (the
 * object's other fields stay plain: the structural ones its readers need).
 */
export const SEALED_FIELDS = "$sealed";

/** The object's fields outside `clear` as one JSON text (null: none), and the fields kept. */
export function splitFields(
  value: Record<string, unknown>,
  clear: ReadonlySet<string>,
): { kept: Record<string, unknown>; secret: string | null } {
  const kept: Record<string, unknown> = {};
  const secret: Record<string, unknown> = {};
  let any = false;
  for (const [k, v] of Object.entries(value)) {
    if (clear.has(k)) kept[k] = v;
    else {
      secret[k] = v;
      any = true;
    }
  }
  return { kept, secret: any ? JSON.stringify(secret) : null };
}

/** The sealed text of an object's personal fields, or null when it has none. */
export function sealedFieldsOf(value: Record<string, unknown> | null): string | null {
  const text = value?.[SEALED_FIELDS];
  return typeof text === "string" && sealedSubject(text) !== null ? text : null;
}

/**
 * The object with its personal fields back, from their opened text; when they could not be opened
 * (`opened` is not a JSON object: the erased marker), one field `erased` holding that marker.
 */
export function mergeFields(value: Record<string, unknown>, opened: string): Record<string, unknown> {
  const { [SEALED_FIELDS]: _sealed, ...kept } = value;
  let fields: unknown = null;
  try {
    fields = JSON.parse(opened);
  } catch {
    fields = null;
  }
  if (fields && typeof fields === "object" && !Array.isArray(fields))
    return { ...kept, ...(fields as Record<string, unknown>) };
  return { ...kept, erased: opened };
}
