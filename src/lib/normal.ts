/** Standard normal distribution helpers (no dependencies, deterministic). */

const SQRT2PI = Math.sqrt(2 * Math.PI);

/** Density. */
export const phi = (x: number): number => Math.exp(-0.5 * x * x) / SQRT2PI;

/**
 * Mills ratio R(a) = (1 - Phi(a)) / phi(a) for a >= 0, by Laplace's continued fraction
 * (converges well for a > 3) or from the erfc series below.
 */
function millsRatio(a: number): number {
  if (a < 3) return upperTail(a) / phi(a);
  let f = a;
  for (let k = 60; k >= 1; k--) f = a + k / f;
  return 1 / f;
}

/** 1 - Phi(a) for a >= 0 via erfc (W. J. Cody style rational approximation, |err| < 1.2e-7). */
function upperTail(a: number): number {
  const z = a / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return erfc / 2;
}

/** Cumulative distribution function. */
export function cdf(x: number): number {
  if (x >= 0) return 1 - upperTail(x);
  return upperTail(-x);
}

/** log(Phi(-a)) for a >= 0, accurate far into the tail. */
export function logLowerTail(a: number): number {
  if (a < 3) return Math.log(upperTail(a));
  return Math.log(millsRatio(a)) - 0.5 * a * a - Math.log(SQRT2PI);
}

/** Inverse CDF (Acklam's algorithm, relative error < 1.2e-9). */
export function quantile(p: number): number {
  if (p <= 0) return Number.NEGATIVE_INFINITY;
  if (p >= 1) return Number.POSITIVE_INFINITY;
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    );
  }
  if (p > 1 - low) return -quantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}
