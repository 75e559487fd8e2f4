export const TRENDS = ["improving", "stable", "declining", "volatile"] as const;
export type Trend = (typeof TRENDS)[number];

/** How many overall scores (the current one included) the trend looks at. */
export const TREND_WINDOW = 6;
/** Net movement (points) that counts as a direction. */
export const TREND_MIN_NET = 5;
/** Total movement (points) above which a series that goes nowhere is volatile. */
export const TREND_MIN_PATH = 15;

/**
 * Trend of a series of overall scores, oldest first, current last (only the last
 * TREND_WINDOW are used). volatile: it moved at least 15 points in total but its net move is
 * at most half of that; improving / declining: net move of at least 5 points; else stable.
 */
export function trendOf(series: readonly number[]): Trend {
  const s = series.slice(-TREND_WINDOW);
  if (s.length < 2) return "stable";
  let path = 0;
  for (let i = 1; i < s.length; i++) path += Math.abs(s[i] - s[i - 1]);
  const net = s[s.length - 1] - s[0];
  if (s.length >= 3 && path >= TREND_MIN_PATH && Math.abs(net) <= path / 2) return "volatile";
  if (net >= TREND_MIN_NET) return "improving";
  if (net <= -TREND_MIN_NET) return "declining";
  return "stable";
}
