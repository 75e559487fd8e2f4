/**
 * A screened page's write in parts (docs/decisions/faults.md#slices-that-yield): one D1 batch of
 * a page with alerts and cases held the isolate for 66 ms of CPU under load, while a page of quiet
 * entities writes a few statements. Entities are grouped in page order, each group's weight (rows
 * it writes, roughly) at most `max`; an entity heavier than `max` is a group of its own. Each group
 * is one batch, whole for its entities (outcomes and the removal of their pending rows together).
 */

/** The weight one D1 batch of a page's write may carry. */
export const WRITE_WEIGHT = 32;

/**
 * An entity's weight: its screening row, its own statements (cases, notes), and each alert with
 * its events.
 */
export const entityWeight = (s: {
  statements: readonly unknown[];
  outcomes: ReadonlyArray<{ events: readonly unknown[] }>;
}) => 1 + s.statements.length + s.outcomes.reduce((n, o) => n + 1 + o.events.length, 0);

/** Consecutive groups of `items` whose weights add up to at most `max` (a heavier item alone). */
export function writeGroups<T>(items: readonly T[], weight: (item: T) => number, max = WRITE_WEIGHT): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let sum = 0;
  for (const item of items) {
    const w = weight(item);
    if (current.length > 0 && sum + w > max) {
      groups.push(current);
      current = [];
      sum = 0;
    }
    current.push(item);
    sum += w;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}
