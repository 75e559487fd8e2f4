import { uuidText, withMillis } from "../../../lib/crypto";

/**
 * Ids for one calculation's records: RFC 9562 version 7 UUIDs that all carry the calculation's
 * millisecond and increase in the order they are asked for (a 26-bit counter in rand_a and the
 * top of rand_b, the "fixed-length dedicated counter" of RFC 9562 section 6.2; the last 48 bits
 * stay random, so two calculations in the same millisecond do not collide).
 *
 * Why not a random id per record: every record of a run has the same time, so ids random within
 * that millisecond put a run's records at random places of the indexes that end in the id
 * (bhi_records' primary key and list index, bhi_latest's three list indexes). Locally D1 then
 * rewrote a page per record and index: a group of 100 records grew from ~110 to ~600 pages of
 * WAL as the tables filled, 5,000 records ~21,500 pages; with increasing ids ~9,200
 * (docs/decisions/faults.md#slices-that-yield).
 */
export const RUN_ID_COUNTER_BITS = 26;

export function runIds(
  at: Date,
  randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
  /** The counter's first value (0; tests start near its end). */
  first = 0,
): () => string {
  const ms = at.getTime();
  let next = first;
  return () => {
    const count = next++;
    if (count >= 2 ** RUN_ID_COUNTER_BITS) throw new RangeError("more ids than one run's counter holds");
    const bytes = withMillis(new Uint8Array(16), ms);
    // Counter bits 25-14 in rand_a (after the version), 13-8 after the variant, 7-0 in byte 9.
    bytes[6] = 0x70 | ((count >>> 22) & 0x0f);
    bytes[7] = (count >>> 14) & 0xff;
    bytes[8] = 0x80 | ((count >>> 8) & 0x3f);
    bytes[9] = count & 0xff;
    bytes.set(randomBytes(6).subarray(0, 6), 10);
    return uuidText(bytes);
  };
}
