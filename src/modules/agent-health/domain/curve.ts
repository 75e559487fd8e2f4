/** Small numeric helpers shared by the AHI components (pure). */

/** A score curve: [input, score] points with increasing inputs; linear between, flat outside. */
export type Curve = ReadonlyArray<readonly [number, number]>;

export function interpolate(curve: Curve, x: number): number {
  if (x <= curve[0][0]) return curve[0][1];
  for (let i = 1; i < curve.length; i++) {
    const [x1, y1] = curve[i];
    if (x <= x1) {
      const [x0, y0] = curve[i - 1];
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    }
  }
  return curve[curve.length - 1][1];
}

export const DAY_MS = 86_400_000;

/** Whole and fractional days from `from` to `to` (negative when `from` is in the future). */
export const daysBetween = (from: string, to: Date): number => (to.getTime() - Date.parse(from)) / DAY_MS;
