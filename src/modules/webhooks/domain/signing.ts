/**
 * Webhook signatures (docs/contract.md#signing). Two schemes on every delivery, over the exact body bytes:
 * - `X-Service-Signature: sha256=<hex>`: HMAC-SHA256 of the body keyed with the whole
 *   secret string as UTF-8 (what a GitHub-style receiver does);
 * - Standard Webhooks `webhook-signature: v1,<base64>`: HMAC-SHA256 of "{id}.{timestamp}.{body}"
 *   keyed with the base64-decoded bytes after "whsec_".
 * Web Crypto only, so it runs in Workers and in Node alike.
 */

const encoder = new TextEncoder();
export const SECRET_PREFIX = "whsec_";

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

/** A new secret: "whsec_" + base64 of `bytes` random bytes (24..64). */
export function generateSecret(bytes = 32): string {
  if (bytes < 24 || bytes > 64) throw new RangeError("secret length must be 24..64 bytes");
  return SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** The key bytes Standard Webhooks libraries use: base64-decoded text after "whsec_". */
export function standardKeyBytes(secret: string): Uint8Array {
  return fromBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
}

async function hmacSha256(key: Uint8Array, message: string): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey(
    "raw",
    key as BufferSource,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(message)));
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

/** `sha256=<lowercase hex>` keyed with the secret string's UTF-8 bytes. */
export async function serviceSignature(secret: string, body: string): Promise<string> {
  return `sha256=${hex(await hmacSha256(encoder.encode(secret), body))}`;
}

/** One `v1,<base64>` entry of the webhook-signature header. */
export async function standardSignature(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): Promise<string> {
  const mac = await hmacSha256(standardKeyBytes(secret), `${id}.${timestampSeconds}.${body}`);
  return `v1,${toBase64(mac)}`;
}

export interface SigningInput {
  eventId: string;
  eventType: string;
  body: string;
  /** Unix seconds of this attempt. */
  timestampSeconds: number;
  secret: string;
  /** The previous secret while a rotation's grace period lasts. */
  previousSecret?: string | null;
}

/** Every header of a delivery request: the four of docs/contract.md#delivery-request, the Standard Webhooks three, and the rotation one. */
export async function deliveryHeaders(input: SigningInput): Promise<Record<string, string>> {
  const { eventId, body, timestampSeconds, secret, previousSecret } = input;
  const secrets = previousSecret ? [secret, previousSecret] : [secret];
  const standard = await Promise.all(
    secrets.map((s) => standardSignature(s, eventId, timestampSeconds, body)),
  );
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "credit-ops-webhooks/1.0",
    "x-service-signature": await serviceSignature(secret, body),
    "x-service-event": input.eventType,
    "x-idempotency-key": eventId,
    "webhook-id": eventId,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": standard.join(" "),
  };
  if (previousSecret) headers["x-service-signature-previous"] = await serviceSignature(previousSecret, body);
  return headers;
}
