import type { WebhookDeliveryRow, WebhookSubscriptionRow } from "../../db/shard";
import type { WebhookConfig } from "./config";
import { type AttemptResult, DELIVERY_TIMEOUT_MS, RESPONSE_EXCERPT_BYTES } from "./domain/schedule";
import { deliveryHeaders } from "./domain/signing";
import { checkWebhookUrl } from "./domain/ssrf";
import { signingSecrets } from "./secrets";

/** Injected in tests: the HTTP client and the per-attempt timeout. */
export interface SendOptions {
  fetcher?: typeof fetch;
  timeoutMs?: number;
}

export interface AttemptRecord {
  result: AttemptResult;
  attemptedAt: Date;
  durationMs: number;
  excerpt: string | null;
  /** The URL no longer passes the rules: retrying cannot help. */
  refused: boolean;
}

async function readExcerpt(res: Response): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(Math.min(size, RESPONSE_EXCERPT_BYTES));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
    if (offset >= bytes.length) break;
  }
  return new TextDecoder().decode(bytes);
}

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
      excerpt: null,
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
  const started = Date.now();
  try {
    const res = await (options.fetcher ?? fetch)(check.url.toString(), {
      method: "POST",
      headers,
      body: delivery.payload,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const excerpt = await readExcerpt(res).catch(() => null);
    return {
      result: { status: res.status },
      attemptedAt: now,
      durationMs: Date.now() - started,
      excerpt,
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
      excerpt: null,
      refused: false,
    };
  }
}
