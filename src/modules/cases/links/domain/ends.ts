/**
 * The ends of a link between fraud cases, AML cases and alerts (docs/decisions/case-work.md#links).
 * A link is stored once with its ends in a canonical order, so (x, y) and (y, x) are the same
 * row and the unique index refuses the second. Pure.
 */
export const END_KINDS = ["fraud_case", "aml_case", "alert"] as const;
export type EndKind = (typeof END_KINDS)[number];
export type CaseEndKind = Exclude<EndKind, "alert">;

export interface End {
  kind: EndKind;
  id: string;
}

export interface StoredEnds {
  aKind: EndKind;
  aId: string;
  bKind: EndKind;
  bId: string;
}

export const sameEnd = (x: End, y: End) => x.kind === y.kind && x.id === y.id;

const compare = (x: End, y: End) =>
  x.kind === y.kind ? (x.id < y.id ? -1 : x.id > y.id ? 1 : 0) : x.kind < y.kind ? -1 : 1;

/** The two ends in stored order (kind, then id). */
export const canonicalPair = (x: End, y: End): [End, End] => (compare(x, y) <= 0 ? [x, y] : [y, x]);

export const endsOf = (row: StoredEnds): [End, End] => [
  { kind: row.aKind, id: row.aId },
  { kind: row.bKind, id: row.bId },
];

/** The end that is not `self` (self-links are refused, so exactly one is). */
export function otherEnd(row: StoredEnds, self: End): End {
  const [a, b] = endsOf(row);
  return sameEnd(a, self) ? b : a;
}

export const isCaseEnd = (end: End): end is { kind: CaseEndKind; id: string } => end.kind !== "alert";

/** What a case log says about the link, from one end's point of view. */
export function entryText(change: "linked" | "unlinked", other: End, note?: string | null): string {
  const base = `${change === "linked" ? "Linked to" : "Unlinked from"} ${other.kind} ${other.id}`;
  return note ? `${base}: ${note}` : base;
}
