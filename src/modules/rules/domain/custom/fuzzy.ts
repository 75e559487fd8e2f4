/**
 * Fuzzy name and account matching for `in_list` leaves with `match` (docs/methodology/rules.md#lists):
 * both texts normalized (case, accents, punctuation, spaces), their words sorted (so "Mensah Abena"
 * meets "Abena Mensah"), then compared with Jaro-Winkler (prefix scale 0.1, at most 4 characters).
 */

/** Lower case, accents and punctuation removed, runs of spaces collapsed, words sorted. */
export function fuzzyKey(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean)
    .sort()
    .join(" ");
}

/** Match flags reused across calls (no allocation per comparison: lists hold up to 20,000 entries). */
let flags = new Uint8Array(256);

export function jaro(a: string, b: string): number {
  if (a === b) return a.length === 0 ? 0 : 1;
  if (a.length === 0 || b.length === 0) return 0;
  const range = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  if (flags.length < a.length + b.length) flags = new Uint8Array(2 * (a.length + b.length));
  flags.fill(0, 0, a.length + b.length);
  const aHit = flags.subarray(0, a.length);
  const bHit = flags.subarray(a.length, a.length + b.length);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const lo = Math.max(0, i - range);
    const hi = Math.min(b.length - 1, i + range);
    for (let j = lo; j <= hi; j++) {
      if (bHit[j] || a.charCodeAt(i) !== b.charCodeAt(j)) continue;
      aHit[i] = 1;
      bHit[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < a.length; i++) {
    if (!aHit[i]) continue;
    while (!bHit[k]) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  return (m / a.length + m / b.length + (m - transpositions / 2) / m) / 3;
}

export function jaroWinkler(a: string, b: string): number {
  const j = jaro(a, b);
  let prefix = 0;
  while (prefix < 4 && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  return j + prefix * 0.1 * (1 - j);
}

export interface FuzzyHit {
  /** The value looked up (as stored on the transaction or entity). */
  value: string;
  /** The list entry it matched (as stored in the list). */
  entry: string;
  /** Similarity 0-1, rounded to 4 decimals. */
  score: number;
}

/** Entries keyed once per list read (the same array serves every entity of a request or drain). */
const keyedMemo = new WeakMap<readonly string[], Array<{ entry: string; key: string }>>();
const keyedOf = (entries: readonly string[]) => {
  let keyed = keyedMemo.get(entries);
  if (!keyed) {
    keyed = entries.map((entry) => ({ entry, key: fuzzyKey(entry) })).filter((e) => e.key);
    keyedMemo.set(entries, keyed);
  }
  return keyed;
};

/**
 * Whether two lengths can reach `threshold` at all: Jaro is at most (2 + shorter / longer) / 3
 * (every character of the shorter matched, no transposition), Winkler adds at most 0.4 x (1 - Jaro).
 */
const reachable = (la: number, lb: number, threshold: number) => {
  const upper = (2 + Math.min(la, lb) / Math.max(la, lb)) / 3;
  return upper + 0.4 * (1 - upper) >= threshold;
};

/**
 * The best match of any value against any entry, at or above `threshold`; null when none. Equal
 * keys score 1 without computing; pairs whose lengths cannot reach the threshold are skipped.
 */
export function bestFuzzyMatch(
  values: readonly string[],
  entries: readonly string[],
  threshold: number,
): FuzzyHit | null {
  const keyed = keyedOf(entries);
  let best: FuzzyHit | null = null;
  for (const value of values) {
    const key = fuzzyKey(value);
    if (!key) continue;
    for (const e of keyed) {
      if (e.key !== key && !reachable(key.length, e.key.length, threshold)) continue;
      const score = e.key === key ? 1 : jaroWinkler(key, e.key);
      if (score >= threshold && (!best || score > best.score))
        best = { value, entry: e.entry, score: Math.round(score * 10_000) / 10_000 };
    }
  }
  return best;
}
