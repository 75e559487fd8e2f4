import { describe, expect, it } from "vitest";
import { AppError } from "../lib/errors";
import { type DeferredKind, deferred, runDeferredBatch } from "./deferred-batch";

/** A kind whose batches always lose their place (another writer keeps taking it), or fail otherwise. */
const kind = (conflict: boolean): DeferredKind => ({
  make: async (items) => items.map(() => ({}) as never),
  isConflict: () => conflict,
});

describe("runDeferredBatch", () => {
  it("a batch that keeps losing to other writers ends as a 503 to retry, never a 500", async () => {
    let runs = 0;
    const item = deferred(kind(true), {}, async () => undefined);
    const err = await runDeferredBatch(async () => {
      runs++;
      throw new Error("audit_chain_conflict");
    }, [item]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("unavailable");
    expect((err as AppError).retryAfterSeconds).toBe(1);
    // Every attempt was made before giving up.
    expect(runs).toBeGreaterThan(1);
  });

  it("another failure is thrown as it is, after one attempt", async () => {
    let runs = 0;
    const item = deferred(kind(false), {}, async () => undefined);
    const err = await runDeferredBatch(async () => {
      runs++;
      throw new Error("disk I/O error");
    }, [item]).catch((e: unknown) => e);
    expect((err as Error).message).toBe("disk I/O error");
    expect(runs).toBe(1);
  });
});
