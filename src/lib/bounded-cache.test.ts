import { describe, expect, it } from "vitest";
import { BoundedTtlCache } from "./bounded-cache";

describe("BoundedTtlCache", () => {
  it("forgets entries older than the TTL", () => {
    const cache = new BoundedTtlCache<boolean>(10, 5_000);
    cache.set("a", true, 1_000);
    expect(cache.get("a", 6_000)).toBe(true);
    expect(cache.get("a", 6_001)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("never holds more than its maximum; the oldest entry goes first", () => {
    const cache = new BoundedTtlCache<number>(3, 60_000);
    for (let i = 0; i < 1_000; i++) cache.set(`k${i}`, i, 0);
    expect(cache.size).toBe(3);
    expect(cache.get("k996", 0)).toBeUndefined();
    expect([cache.get("k997", 0), cache.get("k998", 0), cache.get("k999", 0)]).toEqual([997, 998, 999]);
  });

  it("setting a key again refreshes its time and its place", () => {
    const cache = new BoundedTtlCache<number>(2, 5_000);
    cache.set("a", 1, 0);
    cache.set("b", 2, 0);
    cache.set("a", 3, 4_000);
    cache.set("c", 4, 4_000); // evicts b, the oldest now
    expect(cache.get("b", 4_000)).toBeUndefined();
    expect(cache.get("a", 8_000)).toBe(3);
  });
});
