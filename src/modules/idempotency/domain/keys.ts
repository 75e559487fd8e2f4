// Idempotency keys (docs/decisions/http-conventions.md#idempotency): pure rules.

/** How long a key's first answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * An in-flight claim not renewed for this long was abandoned (its process died); the key may run
 * again. A live request renews its claim every third of the lease for as long as its handler runs
 * (past the 30 s deadline too, under waitUntil), so the lease only bounds how long a retry after a
 * crash is refused 409 (it was 2 min, and 5 before that, with no renewal).
 */
export const IDEMPOTENCY_LEASE_MS = 30 * 1000;

/** IDEMPOTENCY_LEASE_MS from the environment when a positive integer (tests shrink it), else 30 s. */
export function leaseMs(env: { IDEMPOTENCY_LEASE_MS?: string } | undefined): number {
  const configured = Number(env?.IDEMPOTENCY_LEASE_MS);
  return Number.isInteger(configured) && configured > 0 ? configured : IDEMPOTENCY_LEASE_MS;
}
/** Answers larger than this are not kept (none of today's creating operations comes near). */
export const MAX_STORED_BODY_CHARS = 256 * 1024;

/** Printable ASCII, 1..255: UUIDs, ULIDs and the like (Stripe allows 255). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The response headers a replay repeats; the rest (request id, rate limits, CORS) are the replay's own. */
export const REPLAYED_HEADERS = ["content-type", "location", "etag", "retry-after", "x-d1-bookmark"] as const;

/**
 * Whether an answer is final and so replayed: 2xx, and 4xx other than 408/429 (the client may
 * retry those and expect the work to be tried again). A 5xx is not kept: the retry does the work.
 */
export const isReplayable = (status: number): boolean =>
  (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 408 && status !== 429);

export type ExistingKey = { requestHash: string; state: "in_flight" | "done" };

/** What a request finds under a key someone already claimed. */
export function verdict(existing: ExistingKey, requestHash: string): "mismatch" | "in_flight" | "replay" {
  if (existing.requestHash !== requestHash) return "mismatch";
  return existing.state === "in_flight" ? "in_flight" : "replay";
}

/** Hash input: method, path with query, and the body bytes, so the same key on another operation is a mismatch. */
export function requestFingerprint(method: string, pathWithQuery: string, body: ArrayBuffer): Uint8Array {
  const head = new TextEncoder().encode(`${method.toUpperCase()} ${pathWithQuery}\n`);
  const out = new Uint8Array(head.length + body.byteLength);
  out.set(head);
  out.set(new Uint8Array(body), head.length);
  return out;
}
