/**
 * Cloudflare Queues limits (1 KB = 1,000 bytes): a message at most 128 KB including about
 * 100 bytes of metadata; a sendBatch at most 100 messages and 256 KB in all. Sizes are
 * estimated from the JSON text, with a margin for the queue's own encoding.
 */
export const QUEUE_LIMITS = { messagesPerBatch: 100, bytesPerBatch: 256_000, bytesPerMessage: 128_000 };
const METADATA_BYTES = 100;
const MARGIN = 0.9;

const encoder = new TextEncoder();
export const estimatedBytes = (body: unknown): number =>
  encoder.encode(JSON.stringify(body)).length + METADATA_BYTES;

/**
 * Splits message bodies into sendBatch-sized groups, in order. A body too large for any
 * message is a programming error (messages carry ids, not payloads): it throws before
 * anything is sent.
 */
export function sendBatches<T>(bodies: readonly T[], limits = QUEUE_LIMITS): T[][] {
  const maxMessage = limits.bytesPerMessage * MARGIN;
  const maxBatch = limits.bytesPerBatch * MARGIN;
  const sizes = bodies.map((body) => {
    const bytes = estimatedBytes(body);
    if (bytes > maxMessage) throw new Error(`queue message of ~${bytes} bytes exceeds the message limit`);
    return bytes;
  });
  const batches: T[][] = [];
  let current: T[] = [];
  let currentBytes = 0;
  bodies.forEach((body, i) => {
    if (current.length === limits.messagesPerBatch || currentBytes + sizes[i] > maxBatch) {
      batches.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push(body);
    currentBytes += sizes[i];
  });
  if (current.length > 0) batches.push(current);
  return batches;
}
