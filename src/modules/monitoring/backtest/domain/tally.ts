/**
 * A backtest's per-rule tally (docs/methodology/rules.md#backtest). Entities are split into
 * disjoint units (partitions of the built-in statements, pages of the custom statement) and
 * each unit computes both versions' hits for its entities, so tallies add up across units
 * and across queue invocations: only counts and capped samples are kept, never every id.
 */
export const SAMPLE_SIZE = 20;

export type RuleSource = "builtin" | "custom";

export interface RuleTally {
  ruleId: string;
  source: RuleSource;
  liveHits: number;
  draftHits: number;
  newlyHit: number;
  noLongerHit: number;
  newlyHitSample: string[];
  noLongerHitSample: string[];
}

/** Hits of one unit: rule id -> entity ids it fired for. */
export type Hits = Map<string, Set<string>>;

export const emptyTally = (ruleId: string, source: RuleSource): RuleTally => ({
  ruleId,
  source,
  liveHits: 0,
  draftHits: 0,
  newlyHit: 0,
  noLongerHit: 0,
  newlyHitSample: [],
  noLongerHitSample: [],
});

const addSample = (sample: string[], ids: string[]) => {
  // Keep the smallest ids (a stable sample whatever order the units ran in).
  sample.push(...ids);
  sample.sort();
  sample.length = Math.min(sample.length, SAMPLE_SIZE);
};

/** Adds one unit's hits (both versions over the same entities) to the running tallies. */
export function addUnit(
  tallies: RuleTally[],
  live: Hits,
  draft: Hits,
  ruleIds: readonly string[] = tallies.map((t) => t.ruleId),
): void {
  const wanted = new Set(ruleIds);
  for (const tally of tallies) {
    if (!wanted.has(tally.ruleId)) continue;
    const before = live.get(tally.ruleId) ?? new Set<string>();
    const after = draft.get(tally.ruleId) ?? new Set<string>();
    const added = [...after].filter((id) => !before.has(id));
    const removed = [...before].filter((id) => !after.has(id));
    tally.liveHits += before.size;
    tally.draftHits += after.size;
    tally.newlyHit += added.length;
    tally.noLongerHit += removed.length;
    addSample(tally.newlyHitSample, added);
    addSample(tally.noLongerHitSample, removed);
  }
}
