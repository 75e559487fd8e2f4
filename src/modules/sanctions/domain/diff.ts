/** A list update as a diff (docs/methodology/sanctions.md#versions): what a new file adds, changes and removes. */

export interface ListDiff {
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: number;
}

/** `before` and `after` map each reference to its entry's hash; the lists of references are sorted. */
export function diffEntries(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): ListDiff {
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  let unchanged = 0;
  for (const [ref, hash] of after) {
    const prior = before.get(ref);
    if (prior === undefined) added.push(ref);
    else if (prior !== hash) changed.push(ref);
    else unchanged++;
  }
  for (const ref of before.keys()) if (!after.has(ref)) removed.push(ref);
  const sort = (xs: string[]) => xs.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { added: sort(added), changed: sort(changed), removed: sort(removed), unchanged };
}

/** The canonical text of an entry that its hash is taken over: keys in a fixed order. */
export const entryText = (entry: {
  ref: string;
  kind: string;
  names: { name: string; strength: string }[];
  datesOfBirth: string[];
  nationalities: string[];
  programs: string[];
  remarks: string;
}): string =>
  JSON.stringify([
    entry.ref,
    entry.kind,
    entry.names.map((n) => [n.name, n.strength]),
    entry.datesOfBirth,
    entry.nationalities,
    entry.programs,
    entry.remarks,
  ]);
