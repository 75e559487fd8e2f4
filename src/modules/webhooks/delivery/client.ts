import type { WebhookDeliveryRow, WebhookSubscriptionRow } from "../../../db/shard/webhooks";
import { toHex } from "../../../lib/crypto";
import { readCapped } from "../../../lib/read-capped";
import { excerptFor, isSuccessStatus, RESPONSE_DIGEST_BYTES } from "../domain/response-record";
import { type AttemptResult, DELIVERY_TIMEOUT_MS } from "../domain/schedule";
import { deliveryHeaders } from "../domain/signing";
import { checkWebhookUrl } from "../domain/ssrf";
import { signingSecrets } from "../secrets/service";
import type { WebhookConfig } from "./config";

/** Injected in tests: the HTTP client and the per-attempt timeout. */
export interface SendOptions {
  fetcher?: typeof fetch;
  timeoutMs?: number;
  /**
   * The consumer's gate on open connections (an invocation holds at most six and queues the
   * rest): the attempt's timeout starts inside it, so it measures the receiver, not that queue.
   */
  connection?: <R>(work: () => Promise<R>) => Promise<R>;
}

export interface ResponseRecord {
  /** Sanitised start of a 2xx body; null for any other answer. */
  excerpt: string | null;
  /** SHA-256 (hex) and length of the body's first RESPONSE_DIGEST_BYTES. */
  bodySha256: string | null;
  bodyBytes: number | null;
}

export interface AttemptRecord {
  result: AttemptResult;
  attemptedAt: Date;
  durationMs: number;
  response: ResponseRecord;
  /** The URL no longer passes the rules: retrying cannot help. */
  refused: boolean;
}

/** Digest and excerpt of an answer (domain/response-record.ts): the body is never kept whole. */
async function readResponse(res: Response): Promise<ResponseRecord> {
  const { bytes } = await readCapped(res, RESPONSE_DIGEST_BYTES);
  const text = isSuccessStatus(res.status) ? new TextDecoder().decode(bytes) : null;
  return {
    excerpt: excerptFor(res.status, text),
    bodySha256: toHex(await crypto.subtle.digest("SHA-256", bytes)),
    bodyBytes: bytes.byteLength,
  };
}

const NO_RESPONSE: ResponseRecord = { excerpt: null, bodySha256: null, bodyBytes: null };

/** One HTTP attempt: SSRF re-check, sign the stored body, POST it, no redirects, 10 s cap. */
export async function sendOnce(
  sub: WebhookSubscriptionRow,
  delivery: Pick<WebhookDeliveryRow, "eventId" | "eventType" | "payload">,
  now: Date,
  config: WebhookConfig,
  options: SendOptions = {},
): Promise<AttemptRecord> {
  const check = checkWebhookUrl(sub.url, config.urlPolicy);
  if (!check.ok) {
    return {
      result: { error: `URL refused: ${check.reason}` },
      attemptedAt: now,
      durationMs: 0,
      response: NO_RESPONSE,
      refused: true,
    };
  }
  const headers = await deliveryHeaders({
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    body: delivery.payload,
    timestampSeconds: Math.floor(now.getTime() / 1000),
    ...(await signingSecrets(config.secretsKey, sub, now)),
  });
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const connection = options.connection ?? ((work) => work());
  let started = Date.now();
  try {
    const { res, response } = await connection(async () => {
      started = Date.now();
      const res = await (options.fetcher ?? fetch)(check.url.toString(), {
        method: "POST",
        headers,
        body: delivery.payload,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { res, response: await readResponse(res).catch(() => NO_RESPONSE) };
    });
    return {
      result: { status: res.status },
      attemptedAt: now,
      durationMs: Date.now() - started,
      response,
      refused: false,
    };
  } catch (err) {
    const name = (err as Error)?.name;
    const error =
      name === "TimeoutError" || name === "AbortError"
        ? `timed out after ${timeoutMs} ms`
        : `request failed: ${String((err as Error)?.message ?? err).slice(0, 300)}`;
    return {
      result: { error },
      attemptedAt: now,
      durationMs: Date.now() - started,
      response: NO_RESPONSE,
      refused: false,
    };
  }
}
