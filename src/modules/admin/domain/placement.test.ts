import { describe, expect, it } from "vitest";
import {
  namedShardProblem,
  placeTenant,
  readyShards,
  type ShardLoad,
  TENANT_RESERVE_BYTES,
} from "./placement";

const MiB = 1024 * 1024;
const shard = (n: number, over: Partial<ShardLoad> = {}): ShardLoad => ({
  shard: n,
  open: true,
  ready: true,
  bytes: 10 * MiB,
  rows: 0,
  tenants: 0,
  ...over,
});

describe("placeTenant", () => {
  it("picks the shard with the fewest bytes", () => {
    expect(placeTenant([shard(0, { bytes: 900 * MiB }), shard(1, { bytes: 400 * MiB }), shard(2)])).toBe(2);
    expect(placeTenant([shard(0, { bytes: 20 * MiB }), shard(1, { bytes: 900 * MiB })])).toBe(0);
  });

  it("counts a reserve per tenant, so tenants created in a row spread out", () => {
    // Shard 1 is 5 MiB smaller, but already holds one more (data-less) tenant.
    const a = shard(0, { bytes: 15 * MiB, tenants: 3 });
    const b = shard(1, { bytes: 10 * MiB, tenants: 4 });
    expect(TENANT_RESERVE_BYTES).toBeGreaterThan(5 * MiB);
    expect(placeTenant([a, b])).toBe(0);
    // Bytes win once the difference exceeds the reserve.
    expect(placeTenant([{ ...a, bytes: 10 * MiB + TENANT_RESERVE_BYTES + 1 }, b])).toBe(1);
  });

  it("breaks ties by rows, then by the lower number", () => {
    expect(placeTenant([shard(0, { rows: 5 }), shard(1, { rows: 2 })])).toBe(1);
    expect(placeTenant([shard(3), shard(1), shard(2)])).toBe(1);
  });

  it("never places on a closed or unready shard; null when nothing is left", () => {
    const closed = shard(0, { bytes: 0, open: false });
    const unready = shard(1, { bytes: 0, ready: false });
    expect(placeTenant([closed, unready, shard(2, { bytes: 9_000 * MiB })])).toBe(2);
    expect(placeTenant([closed, unready])).toBeNull();
    expect(placeTenant([])).toBeNull();
  });
});

describe("readyShards", () => {
  it("is the shards at the newest migration count; unreadable shards never are", () => {
    const ready = readyShards(
      new Map([
        [0, 40],
        [1, 40],
        [2, 3],
        [3, null],
      ]),
    );
    expect([...ready].sort()).toEqual([0, 1]);
    expect(readyShards(new Map([[5, null]])).size).toBe(0);
  });
});

describe("namedShardProblem", () => {
  const shards = [shard(0), shard(1, { open: false }), shard(2, { ready: false })];
  it("accepts an open, ready shard and names what is wrong otherwise", () => {
    expect(namedShardProblem(0, shards)).toBeNull();
    expect(namedShardProblem(1, shards)).toMatch(/closed/);
    expect(namedShardProblem(2, shards)).toMatch(/migrations/);
    expect(namedShardProblem(7, shards)).toMatch(/not a shard of this deployment \(bound: 0, 1, 2\)/);
  });
});
