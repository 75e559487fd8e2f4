/**
 * mulberry32: a small seeded generator of 32-bit unsigned integers, the same sequence on every
 * machine for a seed (float forecasts' draws; generated test histories replayable by seed).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}
