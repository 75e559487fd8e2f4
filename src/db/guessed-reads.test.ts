import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { guessedReads } from "./guessed-reads";
import { recordingD1, scopeOn } from "./recording-d1";
import { events } from "./shard";

/** A tenant's scope on a recording binding that counts its batches (round trips). */
function counted(tenantId: string) {
  const { binding, sent } = recordingD1([], [{ id: "e-1" }]);
  let batches = 0;
  const batch = binding.batch.bind(binding);
  Object.assign(binding, {
    batch: (statements: D1PreparedStatement[]) => {
      batches++;
      return batch(statements);
    },
  });
  return { scope: scopeOn(binding, tenantId), sent, batches: () => batches };
}

describe("guessedReads", () => {
  it("sends the dependent reads with the first when it answers as last time, else after it", async () => {
    let answer = 1;
    const built: number[] = [];
    const read = guessedReads<number>((guess, seen) => guess === seen);
    const run = (scope: ReturnType<typeof counted>["scope"]) =>
      read(
        scope,
        0,
        {
          items: [scope.db.select({ id: events.id }).from(events, eq(events.type, "first"))],
          decode: () => answer,
        },
        async (seen) => {
          built.push(seen);
          const item = scope.db.select({ id: events.id }).from(events, eq(events.type, `built from ${seen}`));
          return { seen, items: [item] as [typeof item] };
        },
      );

    const one = counted("t-1");
    expect((await run(one.scope)).reads.seen).toBe(1); // nothing to guess from: two round trips
    expect(one.batches()).toBe(2);
    const warm = await run(one.scope); // guessed right: one round trip, the same reads
    expect(warm.reads.seen).toBe(1);
    expect(warm.results).toEqual([[{ id: "e-1" }]]);
    expect(one.batches()).toBe(3);
    answer = 2; // guessed wrong: the reads built from the guess are not used
    expect((await run(one.scope)).reads.seen).toBe(2);
    expect(one.batches()).toBe(5);
    expect(one.sent.slice(-3).map((s) => s.values)).toEqual([
      ["t-1", "first"],
      ["t-1", "built from 1"],
      ["t-1", "built from 2"],
    ]);

    const other = counted("t-2"); // another tenant guesses from nothing of t-1's
    expect((await run(other.scope)).reads.seen).toBe(2);
    expect(other.batches()).toBe(2);
    expect(built).toEqual([1, 1, 1, 2, 2]);
  });
});
