import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { drainSliced, type Sliced } from "../../src/lib/slices";
import { detectNetworkSchemes, networkSchemeSteps } from "../../src/modules/aml/domain/network/detect";
import { Book, background, mulberry32 } from "../../src/modules/aml/domain/network/fixtures";
import { NETWORK_DEFAULTS } from "../../src/modules/aml/domain/network/types";

/**
 * The network scan's typologies in workerd as findSchemes drains them (docs/decisions/faults.md
 * #the-network-scan-in-steps): a request sent as the scan starts is answered before it ends, and
 * the hits are those of the scan run at once.
 */
/** After how many steps of the scan a GET /health sent as it starts was answered, and the hits. */
async function answeredAfter(book: Book, pause?: () => Promise<void>) {
  let steps = 0;
  let answeredAt = -1;
  function* counted(): Sliced<ReturnType<typeof detectNetworkSchemes>> {
    const work = networkSchemeSteps(book, NETWORK_DEFAULTS);
    for (;;) {
      const step = work.next();
      steps++;
      if (step.done) return step.value;
      yield;
    }
  }
  const probe = SELF.fetch("https://x/health").then(async (r) => {
    await r.arrayBuffer();
    answeredAt = steps;
  });
  const hits = await drainSliced(counted(), pause);
  await probe;
  return { steps, answeredAt, hits };
}

describe("the network scan drained in steps", () => {
  it("lets a waiting request through while it runs, with the same hits", async () => {
    const book = new Book("w");
    background(book, mulberry32(3), 2_000, 20_000, 120);
    const sliced = await answeredAfter(book);
    expect(sliced.steps).toBeGreaterThan(50);
    expect(sliced.answeredAt).toBeGreaterThan(0);
    expect(sliced.answeredAt).toBeLessThan(sliced.steps);
    expect(sliced.hits).toEqual(detectNetworkSchemes(book, NETWORK_DEFAULTS));
    // The control: awaiting a resolved promise between steps holds the request to the end.
    const held = await answeredAfter(book, () => Promise.resolve());
    expect(held.answeredAt).toBe(held.steps);
  });
});
