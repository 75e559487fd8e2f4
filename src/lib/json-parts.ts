import { yieldToEventLoop } from "./yield";

/** Items of the large array serialised per part (250 BHI results with details were ~15 ms of CPU). */
export const ITEMS_PER_PART = 100;

/**
 * `value` as JSON, the same bytes as `JSON.stringify(value)` encoded in UTF-8, with its array
 * `key` serialised and encoded `perPart` items at a time and a yield between parts
 * (docs/decisions/faults.md#slices-that-yield): a 5,000-result answer was one 52 ms stringify
 * holding the isolate. The other members are serialised whole, in `value`'s key order. The
 * bytes are answered whole: a body streamed part by part held waiting requests longer than the
 * stringify did (each part a pull of the runtime's body pump), and a whole 2 MB string took
 * ~15 ms more to encode when the Response was built.
 */
export async function jsonInParts<T extends Record<string, unknown>>(
  value: T,
  key: keyof T & string,
  perPart = ITEMS_PER_PART,
): Promise<Uint8Array<ArrayBuffer>> {
  const items = value[key] as readonly unknown[];
  const encoder = new TextEncoder();
  const members = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== "function");
  const before = members.findIndex(([k]) => k === key);
  const head = members.slice(0, before).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)},`);
  const tail = members.slice(before + 1).map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`);
  const chunks = [encoder.encode(`{${head.join("")}${JSON.stringify(key)}:[`)];
  for (let next = 0; next < items.length; next += perPart) {
    if (next > 0) await yieldToEventLoop();
    const part = items.slice(next, next + perPart).map((item) => JSON.stringify(item) ?? "null");
    chunks.push(encoder.encode((next > 0 ? "," : "") + part.join(",")));
  }
  chunks.push(encoder.encode(`]${tail.join("")}}`));
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
