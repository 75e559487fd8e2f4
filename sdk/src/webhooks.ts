/**
 * Verifies a webhook delivery (Standard Webhooks scheme, what this API signs every delivery with):
 * `webhook-signature` holds one or more `v1,<base64>` entries, each an HMAC-SHA256 over
 * `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the base64-decoded part of the
 * secret after "whsec_". Web Crypto only: runs in Node 20+, browsers, Workers and Deno.
 */
export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
}

export interface VerifyOptions {
  /** Refuse deliveries whose timestamp is further than this from now (replay guard). Default 300 s. */
  toleranceSeconds?: number;
  now?: () => Date;
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

const header = (headers: HeaderSource, name: string): string | null => {
  if (headers instanceof Headers) return headers.get(name);
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
};

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/**
 * Checks the signature of a delivery and returns its parsed JSON body; throws
 * WebhookVerificationError otherwise. `body` must be the raw text as received (not re-serialised).
 * During a secret rotation the API signs with both secrets: either passes.
 */
export async function verifyWebhook<T = unknown>(
  secret: string,
  headers: HeaderSource,
  body: string,
  options: VerifyOptions = {},
): Promise<T> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError("missing webhook headers");
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError("bad webhook-timestamp");

  const now = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError("timestamp outside the tolerance window");
  }
  const key = await crypto.subtle.importKey(
    "raw",
    fromBase64(secret.startsWith("whsec_") ? secret.slice(6) : secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
  for (const entry of signatures.split(" ")) {
    const [version, signature] = entry.split(",", 2);
    if (version !== "v1" || !signature) continue;
    let mac: Uint8Array;
    try {
      mac = fromBase64(signature);
    } catch {
      continue;
    }
    // subtle.verify compares in constant time.
    if (await crypto.subtle.verify("HMAC", key, mac as BufferSource, signed)) return JSON.parse(body) as T;
  }
  throw new WebhookVerificationError("no matching signature");
}
