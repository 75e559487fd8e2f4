/**
 * The name score (docs/methodology/sanctions.md#scoring): Jaro-Winkler between tokens, a
 * one-to-one pairing of tokens that ignores their order, and a coverage score in [0, 1].
 */

const MAX_TOKEN = 64;
const flagsA = new Uint8Array(MAX_TOKEN);
const flagsB = new Uint8Array(MAX_TOKEN);

/** Jaro-Winkler similarity (prefix scale 0.1 over at most 4 characters), in [0, 1]. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = Math.min(a.length, MAX_TOKEN);
  const lb = Math.min(b.length, MAX_TOKEN);
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  flagsA.fill(0, 0, la);
  flagsB.fill(0, 0, lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(lb - 1, i + window);
    const ch = a.charCodeAt(i);
    for (let j = from; j <= to; j++) {
      if (flagsB[j] === 0 && b.charCodeAt(j) === ch) {
        flagsA[i] = 1;
        flagsB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (flagsA[i] === 0) continue;
    while (flagsB[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  const maxPrefix = Math.min(4, la, lb);
  while (prefix < maxPrefix && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Below this Jaro-Winkler two tokens are different names and earn nothing. */
export const TOKEN_FLOOR = 0.86;
/** Jaro-Winkler's distance from 1 counts this many times over (see tokenCredit). */
export const STRETCH = 2.5;
/** Two long tokens that differ only in their vowels ("hezbolah" / "hizbalah": Arabic writes no short vowels). */
export const VOWEL_VARIANT_CREDIT = 0.9;
/** What an initial ("J") earns against a token it starts ("John"). */
export const INITIAL_CREDIT = 0.75;
/** An omitted token (one side's token with nothing opposite while the other side is fully paired) weighs this much. */
export const OMISSION_WEIGHT = 0.5;
/** A one-token name against a name of several tokens: the score is multiplied by this. */
export const MONONYM_FACTOR = 0.9;

/**
 * What a pair of tokens earns: 1 when equal; an initial's credit; else Jaro-Winkler stretched
 * below 1 (1 - STRETCH * (1 - jw)) so two near-identical names earn much less than one name,
 * and 0 under the floor; two long tokens with the same consonants in the same order earn at
 * least VOWEL_VARIANT_CREDIT.
 */
export function tokenCredit(q: string, c: string): number {
  if (q === c) return 1;
  if (q.length === 1 || c.length === 1) {
    return q.length !== c.length && (q.startsWith(c) || c.startsWith(q)) ? INITIAL_CREDIT : 0;
  }
  const jw = jaroWinkler(q, c);
  const credit = jw < TOKEN_FLOOR ? 0 : 1 - STRETCH * (1 - jw);
  if (credit < VOWEL_VARIANT_CREDIT && q.length >= 6 && c.length >= 6 && consonants(q) === consonants(c)) {
    return VOWEL_VARIANT_CREDIT;
  }
  return credit;
}

/** Where a token of one side is two adjacent tokens of the other ("abdulrahman" / "abdul rahman"), join them. */
function joinCompounds(side: string[], other: string[]): string[] {
  if (side.length < 2 || !other.some((t) => t.length >= 4)) return side;
  let any = false;
  for (let i = 0; i + 1 < side.length && !any; i++)
    any = other.includes((side[i] as string) + (side[i + 1] as string));
  if (!any) return side;
  const out: string[] = [];
  for (let i = 0; i < side.length; i++) {
    const joined = i + 1 < side.length ? side[i] + (side[i + 1] as string) : "";
    if (joined && other.includes(joined)) {
      out.push(joined);
      i++;
    } else out.push(side[i] as string);
  }
  return out;
}

const consonants = (token: string) => token.replace(/[aeiouy]/g, "");

const CREDITS = new Float64Array(256);

const weight = (token: string) => Math.min(token.length, 10);

/**
 * The score of two token lists in [0, 1], with the tokens that paired. Tokens are paired one to
 * one, best credit first, whatever their order. The score is a Dice coefficient over token
 * weights (length, capped at 10): 2 x paired weight x credit over the weight of both sides,
 * where a side's unpaired tokens weigh OMISSION_WEIGHT when the other side has none unpaired (a
 * name given in part) and fully when both do (a different name).
 */
export function nameSimilarity(
  queryTokens: readonly string[],
  candidateTokens: readonly string[],
): { score: number; pairs: number } {
  const q = joinCompounds(queryTokens as string[], candidateTokens as string[]);
  const c = joinCompounds(candidateTokens as string[], q);
  if (q.length === 0 || c.length === 0) return { score: 0, pairs: 0 };
  // Credits in a flat table; then pairs picked best first (names have a handful of tokens).
  const n = q.length;
  const m = c.length;
  const credits = n * m <= CREDITS.length ? CREDITS : new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) credits[i * m + j] = tokenCredit(q[i] as string, c[j] as string);
  }
  const usedQ = new Uint8Array(n);
  const usedC = new Uint8Array(m);
  let paired = 0;
  let pairs = 0;
  for (;;) {
    let best = 0;
    let bi = -1;
    let bj = -1;
    for (let i = 0; i < n; i++) {
      if (usedQ[i]) continue;
      for (let j = 0; j < m; j++) {
        const credit = credits[i * m + j] as number;
        if (credit > best && !usedC[j]) {
          best = credit;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0) break;
    usedQ[bi] = 1;
    usedC[bj] = 1;
    pairs++;
    paired += best * (weight(q[bi] as string) + weight(c[bj] as string));
  }
  if (pairs === 0) return { score: 0, pairs: 0 };
  let restQ = 0;
  let restC = 0;
  let pairedWeight = 0;
  q.forEach((t, i) => {
    if (usedQ[i]) pairedWeight += weight(t);
    else restQ += weight(t);
  });
  c.forEach((t, j) => {
    if (usedC[j]) pairedWeight += weight(t);
    else restC += weight(t);
  });
  const omission = restQ === 0 || restC === 0 ? OMISSION_WEIGHT : 1;
  let score = paired / (pairedWeight + omission * (restQ + restC));
  if ((q.length === 1) !== (c.length === 1)) score *= MONONYM_FACTOR;
  return { score, pairs };
}
