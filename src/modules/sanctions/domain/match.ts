/**
 * Screening one name against many list entries (docs/methodology/sanctions.md): a token-blocking
 * index picks the names worth scoring, nameSimilarity scores them, dates of birth and
 * nationality confirm or weaken, and every hit says why it is one.
 */
import { nameTokens } from "./normalize";
import { nameSimilarity } from "./similarity";
import type { NameStrength, SanctionsEntry } from "./types";

/** A hit at or above this score is reported unless the tenant sets its own threshold. */
export const DEFAULT_THRESHOLD = 0.85;
/** A weak ("low quality") alias scores this fraction of what a strong name would. */
export const WEAK_ALIAS_FACTOR = 0.9;
/** Confirmers move the name score by at most this, so a name this far below the threshold is not scored further. */
export const CONFIRMER_REACH = 0.08;
export const DOB_EXACT = 0.05;
export const DOB_YEAR = 0.03;
export const DOB_MISMATCH = -0.1;
export const NATIONALITY_MATCH = 0.03;
export const NATIONALITY_MISMATCH = -0.05;

export interface ScreenQuery {
  name: string;
  /** "YYYY", "YYYY-MM" or "YYYY-MM-DD". */
  dateOfBirth?: string | null;
  /** ISO 3166-1 alpha-2. */
  nationality?: string | null;
  /** When given, entries of another kind are skipped ("other" entries never are). */
  kind?: "person" | "organisation" | null;
}

export type Confirmation = "match" | "partial" | "mismatch" | "unknown";

export interface ScreenHit<E extends SanctionsEntry = SanctionsEntry> {
  entry: E;
  /** The final score: the name score moved by the confirmers, in [0, 1]. */
  score: number;
  nameScore: number;
  matchedName: string;
  nameStrength: NameStrength;
  /** "name" (the primary name) or "alias" or "weakAlias", then "dateOfBirth" and "nationality" when they agree. */
  matchedFields: string[];
  dateOfBirth: Confirmation;
  nationality: Confirmation;
}

interface IndexedName {
  entry: number;
  name: string;
  strength: NameStrength;
  tokens: string[];
  /** Tokens longer than an initial. */
  solid: number;
}

/** Blocking keys of a token: its first three letters and, from five letters, its last three. */
function blockingKeys(token: string): string[] {
  if (token.length < 2) return [];
  if (token.length < 5) return [`^${token.slice(0, 3)}`];
  return [`^${token.slice(0, 3)}`, `$${token.slice(-3)}`];
}

/** The entries of one or more lists, ready to screen names against. */
export class ScreeningIndex<E extends SanctionsEntry = SanctionsEntry> {
  readonly entries: readonly E[];
  private readonly names: IndexedName[] = [];
  private readonly postings = new Map<string, number[]>();
  private readonly lastToken: Int32Array;
  private readonly counts: Uint8Array;
  /** Marks only grow: one per query token; a name's mark below queryStart was set by an earlier query. */
  private stamp = 0;
  private queryStart = 0;

  constructor(entries: readonly E[]) {
    this.entries = entries;
    entries.forEach((entry, e) => {
      const seen = new Set<string>();
      for (const n of entry.names) {
        const tokens = nameTokens(n.name);
        const key = tokens.join(" ");
        if (tokens.length === 0 || seen.has(key)) continue;
        seen.add(key);
        const id = this.names.length;
        this.names.push({
          entry: e,
          name: n.name,
          strength: n.strength,
          tokens,
          solid: tokens.filter((t) => t.length > 1).length,
        });
        const keys = new Set(tokens.flatMap(blockingKeys));
        for (const k of keys) {
          const list = this.postings.get(k);
          if (list) list.push(id);
          else this.postings.set(k, [id]);
        }
      }
    });
    this.lastToken = new Int32Array(this.names.length).fill(-1);
    this.counts = new Uint8Array(this.names.length);
  }

  get nameCount(): number {
    return this.names.length;
  }

  /** The names sharing a blocking key with enough of the query's tokens to possibly score. */
  private candidates(tokens: string[]): number[] {
    const solidQuery = tokens.filter((t) => t.length > 1);
    const touched: number[] = [];
    for (const token of solidQuery) {
      const mark = this.stamp++;
      for (const key of blockingKeys(token)) {
        const list = this.postings.get(key);
        if (!list) continue;
        for (const id of list) {
          if (this.lastToken[id] === mark) continue;
          if ((this.lastToken[id] as number) < this.queryStart) this.counts[id] = 0;
          if (this.counts[id] === 0) touched.push(id);
          this.lastToken[id] = mark;
          this.counts[id] = (this.counts[id] as number) + 1;
        }
      }
    }
    const out: number[] = [];
    for (const id of touched) {
      const need = Math.min(2, solidQuery.length, (this.names[id] as IndexedName).solid);
      if ((this.counts[id] as number) >= need) out.push(id);
    }
    return out;
  }

  /** Every entry whose best name scores at or above `threshold`, best first. */
  screen(query: ScreenQuery, threshold = DEFAULT_THRESHOLD): ScreenHit<E>[] {
    const tokens = nameTokens(query.name);
    if (tokens.length === 0) return [];
    if (this.stamp > 2_000_000_000) {
      this.stamp = 0;
      this.lastToken.fill(-1);
    }
    this.queryStart = this.stamp;
    const best = new Map<number, { name: IndexedName; score: number }>();
    for (const id of this.candidates(tokens)) {
      const name = this.names[id] as IndexedName;
      const entry = this.entries[name.entry] as E;
      if (query.kind && entry.kind !== "other" && entry.kind !== query.kind) continue;
      let { score } = nameSimilarity(tokens, name.tokens);
      if (name.strength === "weak") score *= WEAK_ALIAS_FACTOR;
      if (score < threshold - CONFIRMER_REACH) continue;
      const prior = best.get(name.entry);
      if (!prior || score > prior.score) best.set(name.entry, { name, score });
    }
    const hits: ScreenHit<E>[] = [];
    for (const [e, { name, score }] of best) {
      const entry = this.entries[e] as E;
      const dob = confirmDateOfBirth(query.dateOfBirth ?? null, entry.datesOfBirth);
      const nat = confirmNationality(query.nationality ?? null, entry.nationalities);
      const final = Math.max(0, Math.min(1, score + dob.delta + nat.delta));
      if (final < threshold) continue;
      const fields = [
        name.strength === "primary" ? "name" : name.strength === "strong" ? "alias" : "weakAlias",
      ];
      if (dob.result === "match" || dob.result === "partial") fields.push("dateOfBirth");
      if (nat.result === "match") fields.push("nationality");
      hits.push({
        entry,
        score: round(final),
        nameScore: round(score),
        matchedName: name.name,
        nameStrength: name.strength,
        matchedFields: fields,
        dateOfBirth: dob.result,
        nationality: nat.result,
      });
    }
    return hits.sort((a, b) => b.score - a.score || a.entry.ref.localeCompare(b.entry.ref));
  }
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * A date of birth against an entry's: "match" when one agrees to the day (or to the entry's own
 * precision when finer than a year), "partial" when only the year agrees, "mismatch" when every
 * one is more than a year away, else "unknown" (no date on one side, or a year apart).
 */
export function confirmDateOfBirth(
  given: string | null,
  listed: readonly string[],
): { result: Confirmation; delta: number } {
  if (!given || listed.length === 0) return { result: "unknown", delta: 0 };
  const year = Number(given.slice(0, 4));
  let close = false;
  let sameYear = false;
  for (const d of listed) {
    if (d.length > 4 && given.length >= d.length && given.startsWith(d))
      return { result: "match", delta: DOB_EXACT };
    const y = Number(d.slice(0, 4));
    if (y === year) sameYear = true;
    if (Math.abs(y - year) <= 1) close = true;
  }
  if (sameYear) return { result: "partial", delta: DOB_YEAR };
  if (close) return { result: "unknown", delta: 0 };
  return { result: "mismatch", delta: DOB_MISMATCH };
}

/** A nationality against an entry's: "match", "mismatch", or "unknown" when either side has none. */
export function confirmNationality(
  given: string | null,
  listed: readonly string[],
): { result: Confirmation; delta: number } {
  if (!given || listed.length === 0) return { result: "unknown", delta: 0 };
  return listed.includes(given.toUpperCase())
    ? { result: "match", delta: NATIONALITY_MATCH }
    : { result: "mismatch", delta: NATIONALITY_MISMATCH };
}
