import { describe, expect, it } from "vitest";
import { addUnit, emptyTally, SAMPLE_SIZE } from "./tally";

const hits = (entries: Record<string, string[]>) =>
  new Map(Object.entries(entries).map(([rule, ids]) => [rule, new Set(ids)]));

describe("backtest tally", () => {
  it("counts hits per version and the entities newly and no longer hit", () => {
    const tallies = [emptyTally("r1", "builtin")];
    addUnit(tallies, hits({ r1: ["a", "b"] }), hits({ r1: ["b", "c", "d"] }));
    expect(tallies[0]).toMatchObject({
      liveHits: 2,
      draftHits: 3,
      newlyHit: 2,
      noLongerHit: 1,
      newlyHitSample: ["c", "d"],
      noLongerHitSample: ["a"],
    });
  });

  it("adds up across units whatever their order, keeping the smallest ids as the sample", () => {
    const ids = Array.from({ length: 50 }, (_, i) => `e${String(i).padStart(2, "0")}`);
    const forward = [emptyTally("r", "custom")];
    const backward = [emptyTally("r", "custom")];
    const units = [ids.slice(0, 25), ids.slice(25)];
    for (const unit of units) addUnit(forward, hits({}), hits({ r: unit }));
    for (const unit of [...units].reverse()) addUnit(backward, hits({}), hits({ r: unit }));
    expect(forward).toEqual(backward);
    expect(forward[0].newlyHit).toBe(50);
    expect(forward[0].newlyHitSample).toEqual(ids.slice(0, SAMPLE_SIZE));
  });

  it("only touches the rules a unit computed", () => {
    const tallies = [emptyTally("b", "builtin"), emptyTally("c", "custom")];
    addUnit(tallies, hits({ c: ["x"] }), hits({}), ["b"]);
    expect(tallies[1].noLongerHit).toBe(0);
  });
});
