/**
 * What is kept of a receiver's answer (issue 11, finding 5). A receiver URL whose name
 * resolved to a private address would otherwise make the deliveries API a readable SSRF,
 * so the body itself is never stored whole: only its SHA-256 and length (over at most
 * RESPONSE_DIGEST_BYTES), plus a short excerpt, sanitised, and only for 2xx answers.
 */

/** Bytes of a response body read, hashed and counted; the rest is never read. */
export const RESPONSE_DIGEST_BYTES = 64 * 1024;
/** Characters of a 2xx body kept as the excerpt. */
export const RESPONSE_EXCERPT_CHARS = 256;

// C0/C1 controls, DEL, and the bidi overrides/isolates that can disguise text in a UI.
const UNSAFE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]+/gu;

/** Controls become one space each run; at most RESPONSE_EXCERPT_CHARS code points, trimmed. */
export function sanitiseExcerpt(text: string): string {
  const clean = text.replace(UNSAFE, " ");
  return Array.from(clean).slice(0, RESPONSE_EXCERPT_CHARS).join("").trim();
}

export const isSuccessStatus = (status: number | null): boolean =>
  status !== null && status >= 200 && status < 300;

/** The excerpt shown for an attempt: sanitised text of a 2xx answer, null otherwise. */
export function excerptFor(status: number | null, body: string | null): string | null {
  if (body === null || !isSuccessStatus(status)) return null;
  return sanitiseExcerpt(body);
}
