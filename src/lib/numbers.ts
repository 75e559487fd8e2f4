/**
 * The one rounding rule of the API: to `digits` decimals, half away from zero, on the decimal
 * value the number stands for (1.005 -> 1.01, -2.675 -> -2.68), not on its binary
 * approximation (which would give 1.00). Non-finite values pass through unchanged.
 */
export function roundTo(value: number, digits: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  // 15 significant digits drop the binary representation error of the scaled value.
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = Math.round(scaled) / factor;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

export const round1 = (value: number): number => roundTo(value, 1);
export const round2 = (value: number): number => roundTo(value, 2);
export const round4 = (value: number): number => roundTo(value, 4);

export const clamp = (value: number, low = 0, high = 100): number => Math.min(high, Math.max(low, value));
