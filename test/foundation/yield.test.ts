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

/**
 * After how many slices a GET /health sent before the loop was answered: the loop stops once it
 * is (or after `slices`), so a slow arrival on a loaded machine only makes it run longer.
 * `slices` means it was not answered during the loop.
 */
async function answeredAfter(pause: () => Promise<unknown>, slices: number): Promise<number> {
  let slice = 0;
  let at = -1;
  const probe = SELF.fetch("https://x/health").then(async (r) => {
    await r.arrayBuffer();
    at = slice;
  });
  for (; slice < slices && at === -1; slice++) {
    busy();
    await pause();
  }
  await probe;
  return at === -1 ? slices : at;
}

describe("yieldToEventLoop", () => {
  it("lets a waiting request run between slices; awaiting a resolved promise does not", async () => {
    expect(await answeredAfter(() => Promise.resolve(), SLICES)).toBe(SLICES);
    expect(await answeredAfter(yieldToEventLoop, 30 * SLICES)).toBeLessThan(30 * SLICES);
  });
});
