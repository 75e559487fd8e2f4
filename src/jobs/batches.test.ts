import { describe, expect, it } from "vitest";
import { estimatedBytes, QUEUE_LIMITS, sendBatches } from "./batches";

const ids = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ type: "outbox.dispatch", tenantId: `t${i}` }));

describe("sendBatches", () => {
  it("sends nothing for no messages", () => {
    expect(sendBatches([])).toEqual([]);
  });

  it("groups at most 100 messages per batch, in order", () => {
    const bodies = ids(250);
    const batches = sendBatches(bodies);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(batches.flat()).toEqual(bodies);
  });

  it("starts a new batch before the batch's byte limit", () => {
    // Each body ~30 KB: 0.9 x 256 KB holds seven of them, far below 100 messages.
    const body = (i: number) => ({ i, pad: "x".repeat(30_000) });
    const bodies = Array.from({ length: 20 }, (_, i) => body(i));
    const perBatch = Math.floor((QUEUE_LIMITS.bytesPerBatch * 0.9) / estimatedBytes(body(10)));
    expect(perBatch).toBe(7);
    expect(sendBatches(bodies).map((b) => b.length)).toEqual([7, 7, 6]);
  });

  it("refuses a message over the per-message limit before sending anything", () => {
    expect(() => sendBatches([{ ok: true }, { pad: "x".repeat(120_000) }])).toThrow(/message limit/);
  });

  it("counts bytes, not characters", () => {
    expect(estimatedBytes("é") - estimatedBytes("e")).toBe(1);
  });
});
