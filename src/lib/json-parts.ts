import { yieldToEventLoop } from "./yield";

/** Items of the large array serialised per part. */
export const ITEMS_PER_PART = 250;

/**
 * `value` as JSON text, the same as `JSON.stringify(value)`, with its array `key` serialised
 * `perPart` items at a time and a yield between parts (docs/decisions/faults.md#slices-that-yield):
 * a 5,000-result answer was one 52 ms stringify holding the isolate. The other members are
 * serialised whole, in `value`'s key order.
 */
export function jsonInParts<T extends Record<string, unknown>>(
  value: T,
  key: keyof T & string,
  perPart = ITEMS_PER_PART,
): ReadableStream<Uint8Array> {
  const items = value[key] as readonly unknown[];
  const encoder = new TextEncoder();
  const members = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== "function");
  const before = members.findIndex(([k]) => k === key);
  const head = members.slice(0, before).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)},`);
  const tail = members.slice(before + 1).map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`);
  let next = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`{${head.join("")}${JSON.stringify(key)}:[`));
    },
    async pull(controller) {
      if (next >= items.length) {
        controller.enqueue(encoder.encode(`]${tail.join("")}}`));
        controller.close();
        return;
      }
      if (next > 0) await yieldToEventLoop();
      const part = items.slice(next, next + perPart).map((item) => JSON.stringify(item) ?? "null");
      controller.enqueue(encoder.encode((next > 0 ? "," : "") + part.join(",")));
      next += perPart;
    },
  });
}
