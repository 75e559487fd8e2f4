import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { D1_YIELD_AFTER_MS, yieldGate, yieldingD1 } from "../../src/db/yielding-d1";

const STATEMENTS = 200;
/** A statement of a millisecond or two of SQLite work. */
const COUNT_SQL =
  "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000) SELECT count(*) AS c FROM n";

/**
 * After how many statements of a chain a GET /health sent before it was answered: the chain
 * stops once it is, so `STATEMENTS` means it was not answered during the chain.
 */
async function answeredAfter(d1: D1Database): Promise<number> {
  let done = 0;
  let at = -1;
  const probe = SELF.fetch("https://x/health").then(async (r) => {
    await r.arrayBuffer();
    at = done;
  });
  for (; done < STATEMENTS && at === -1; done++) await d1.prepare(COUNT_SQL).first();
  await probe;
  return at === -1 ? STATEMENTS : at;
}

describe("yieldingD1", () => {
  it("lets a waiting request run during a chain of D1 statements; the raw binding does not", async () => {
    expect(await answeredAfter(env.SHARD_0)).toBe(STATEMENTS);
    expect(await answeredAfter(yieldingD1(env.SHARD_0))).toBeLessThan(STATEMENTS / 2);
  });

  it("answers as the raw binding does: statements, batches and sessions", async () => {
    const raw = env.SHARD_0;
    const d1 = yieldingD1(raw);
    const sql = "SELECT ? + 1 AS n";
    expect(await d1.prepare(sql).bind(41).first()).toEqual(await raw.prepare(sql).bind(41).first());
    expect((await d1.prepare(sql).bind(1).all()).results).toEqual([{ n: 2 }]);
    expect(await d1.prepare(sql).bind(2).raw()).toEqual([[3]]);
    const batch = await d1.batch([d1.prepare(sql).bind(5), d1.prepare(sql).bind(6)]);
    expect(batch.map((r) => r.results)).toEqual([[{ n: 6 }], [{ n: 7 }]]);
    const session = d1.withSession("first-primary");
    expect(await session.prepare(sql).bind(9).first("n")).toBe(10);
    const inSession = await session.batch([session.prepare(sql).bind(10)]);
    expect(inSession[0]?.results).toEqual([{ n: 11 }]);
  });
});

describe("yieldGate", () => {
  it("hands back once each time the clock passed the interval since the last hand-back", async () => {
    let clock = 1000;
    let handedBack = 0;
    const gate = yieldGate(
      () => clock,
      async () => void handedBack++,
    );
    const passes = [
      0,
      5,
      D1_YIELD_AFTER_MS - 1,
      D1_YIELD_AFTER_MS,
      D1_YIELD_AFTER_MS + 1,
      2 * D1_YIELD_AFTER_MS,
    ];
    const waited = passes.map((at) => {
      clock = 1000 + at;
      return gate.pass() !== undefined;
    });
    // Time 0 is the gate's start: it waits at 20 (20 since 0), not at 21 (1 since 20), at 40.
    expect(waited).toEqual([false, false, false, true, false, true]);
    expect(handedBack).toBe(2);
  });
});
