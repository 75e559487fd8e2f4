/**
 * A content hash of a set of rows that does not depend on their order: the sum, modulo 2^128,
 * of each row's SHA-256 (its first 128 bits). Rows can be added in any order, and one row's
 * contribution can be taken out again, so a tenant move keeps a table's hash current from the
 * rows its fenced step re-reads instead of re-reading every row (docs/decisions/tenant-moves.md,
 * "A short fence"). Each row's text carries its key, so equal rows under different keys count
 * apart. Hex, 32 digits; "" is the empty set.
 */

const MODULUS = 1n << 128n;
const encoder = new TextEncoder();

async function rowValue(row: string): Promise<bigint> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(row)));
  let n = 0n;
  for (let i = 0; i < 16; i++) n = (n << 8n) | BigInt(digest[i]!);
  return n;
}

const parse = (hash: string) => (hash ? BigInt(`0x${hash}`) : 0n);

/** The hash of the set with `added` rows put in and `removed` rows taken out. */
export async function updateRowSetHash(
  hash: string,
  added: readonly string[],
  removed: readonly string[] = [],
): Promise<string> {
  const [plus, minus] = await Promise.all([
    Promise.all(added.map(rowValue)),
    Promise.all(removed.map(rowValue)),
  ]);
  let n = parse(hash);
  for (const v of plus) n += v;
  for (const v of minus) n -= v;
  return (((n % MODULUS) + MODULUS) % MODULUS).toString(16).padStart(32, "0");
}
