// Seeded randomness for the detection benchmark's generator: every draw comes from a stream
// named by (seed, purpose), so adding a typology or a population does not move the draws of the
// others (a holder's background is the same whatever is planted beside it).

/** 32-bit FNV-1a of a string: turns (seed, purpose) into a stream's state. */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A stream of uniform draws in [0, 1) (mulberry32) with the helpers the generator uses. */
export function stream(seed, purpose) {
  let state = hash(`${seed}:${purpose}`);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r = {
    next,
    /** Uniform in [a, b). */
    uniform: (a, b) => a + (b - a) * next(),
    /** Integer in [a, b] (both ends included). */
    int: (a, b) => a + Math.floor((b - a + 1) * next()),
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(list.length * next())],
    /** Standard normal (Box-Muller). */
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    /** Log-normal with the given median and spread (sigma of the log). */
    logNormal: (median, sigma) => median * Math.exp(sigma * r.normal()),
    /** Poisson count with mean `mean` (Knuth; the means here are small). */
    poisson: (mean) => {
      if (mean <= 0) return 0;
      const limit = Math.exp(-mean);
      let k = 0;
      for (let p = next(); p > limit; p *= next()) k++;
      return k;
    },
    /** `n` distinct items of `list` (partial Fisher-Yates on a copy). */
    sample: (list, n) => {
      const copy = [...list];
      const count = Math.min(n, copy.length);
      for (let i = 0; i < count; i++) {
        const j = i + Math.floor((copy.length - i) * next());
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, count);
    },
    shuffle: (list) => r.sample(list, list.length),
  };
  return r;
}

/** Whole cedis as minor units (pesewas), at least 1 cedi. */
export const cedis = (amount) => Math.max(100, Math.round(amount) * 100);

/** Cedis with pesewas, as minor units. */
export const cedisExact = (amount) => Math.max(1, Math.round(amount * 100));

/** Minor units as an ingest money string ("1234.50"). */
export const money = (minor) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
