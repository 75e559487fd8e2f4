import { describe, expect, it } from "vitest";
import type { TenantContext } from "../../db/tenant-context";
import { BATCH_IDS, graphQLContext } from "./context";

const context = () => graphQLContext({} as TenantContext, []);

describe("batch", () => {
  it("fetches the ids asked for in one pass together, once each", async () => {
    const g = context();
    const calls: string[][] = [];
    const fetchMany = async (ids: string[]) => {
      calls.push(ids);
      return new Map(ids.filter((id) => id !== "absent").map((id) => [id, `value of ${id}`]));
    };
    const got = await Promise.all(["a", "b", "a", "absent"].map((id) => g.batch("family", id, fetchMany)));
    expect(got).toEqual(["value of a", "value of b", "value of a", undefined]);
    expect(calls).toEqual([["a", "b", "absent"]]);
    // Asked again later in the request: answered from the first read.
    expect(await g.batch("family", "b", fetchMany)).toBe("value of b");
    expect(calls).toHaveLength(1);
  });

  it("keeps families apart, and opens a new batch for ids asked after the first was sent", async () => {
    const g = context();
    const calls: Array<[string, string[]]> = [];
    const fetcher = (family: string) => async (ids: string[]) => {
      calls.push([family, ids]);
      return new Map(ids.map((id) => [id, `${family}:${id}`]));
    };
    const first = await Promise.all([g.batch("x", "1", fetcher("x")), g.batch("y", "1", fetcher("y"))]);
    expect(first).toEqual(["x:1", "y:1"]);
    expect(await g.batch("x", "2", fetcher("x"))).toBe("x:2");
    expect(calls).toEqual([
      ["x", ["1"]],
      ["y", ["1"]],
      ["x", ["2"]],
    ]);
  });

  it("splits a large batch into statements of at most BATCH_IDS ids", async () => {
    const g = context();
    const sizes: number[] = [];
    const ids = Array.from({ length: BATCH_IDS * 2 + 5 }, (_, i) => `id-${i}`);
    const got = await Promise.all(
      ids.map((id) =>
        g.batch("big", id, async (part) => {
          sizes.push(part.length);
          return new Map(part.map((p) => [p, p.toUpperCase()]));
        }),
      ),
    );
    expect(sizes).toEqual([BATCH_IDS, BATCH_IDS, 5]);
    expect(got).toEqual(ids.map((id) => id.toUpperCase()));
  });

  it("rejects every waiter of a batch whose read fails", async () => {
    const g = context();
    const failing = async () => {
      throw new Error("D1 down");
    };
    const results = await Promise.allSettled(["a", "b"].map((id) => g.batch("f", id, failing)));
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });
});
