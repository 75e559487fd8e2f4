import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { yieldToEventLoop } from "../../src/lib/yield";

/** Synchronous work of a few milliseconds (the clock is frozen in workerd: counted, not timed). */
function busy(): number {
  let x = 0;
  for (let i = 0; i < 300_000; i++) x = (x + i * 7) % 1_000_003;
  return x;
}

const SLICES = 100;

/** After how many slices a GET /health sent before the loop was answered (SLICES: after the loop). */
async function answeredAfter(pause: () => Promise<unknown>): Promise<number> {
  let slice = 0;
  let at = -1;
  const probe = SELF.fetch("https://x/health").then(async (r) => {
    await r.arrayBuffer();
    at = slice;
  });
  for (; slice < SLICES; slice++) {
    busy();
    await pause();
  }
  await probe;
  return at === -1 ? SLICES : at;
}

describe("yieldToEventLoop", () => {
  it("lets a waiting request run between slices; awaiting a resolved promise does not", async () => {
    expect(await answeredAfter(() => Promise.resolve())).toBe(SLICES);
    expect(await answeredAfter(yieldToEventLoop)).toBeLessThan(SLICES);
  });
});
