// The moves schemes are made of: when in the day money moves, splitting sums, paying cash in under
// the threshold, leaving the scheme (abroad or as cash) and the draws of amounts and start days.
import { clip } from "../background.mjs";
import { instant } from "../ledger.mjs";
import { cedis } from "../random.mjs";

/** Money moves in the daytime: day `t` (fractional) maps its fraction onto 07:00-21:00. */
export const when = (ctx, t) => instant(ctx.start, Math.floor(t), 7 + (t % 1) * 14);

/** `total` minor units as `n` whole-cedi parts of varying size (each at least 1 cedi). */
export function split(r, total, n) {
  const weights = Array.from({ length: n }, () => r.uniform(0.7, 1.3));
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.max(100, Math.floor((total * w) / sum / 100) * 100));
  parts[0] += Math.max(0, total - parts.reduce((a, b) => a + b, 0));
  return parts;
}

/** Parts under the large-cash threshold. */
export const underThreshold = (r, total, atLeast = 1) =>
  split(r, total, Math.max(atLeast, Math.ceil(total / (45_000 * 100))));

/** Cash paid in over `span` days before day `t`, in pieces under the threshold, at a few agents. */
export function fund(ctx, r, s, holder, total, t, span = 1.5) {
  const agents = r.sample(ctx.agents, r.int(1, 3));
  for (const part of underThreshold(r, total, r.int(1, 3)))
    ctx.L.cashIn(holder, r.pick(agents), part, when(ctx, t - r.uniform(0.05, span)), { scheme: s.id });
}

export const FOREIGN = [
  { name: "Golden Gate General Trading LLC", country: "AE" },
  { name: "Shenzhen Huaxin Export Co", country: "CN" },
  { name: "Prime Ventures Lagos Ltd", country: "NG" },
  { name: "Anatolia Textile Ltd", country: "TR" },
];

/** Money leaves the scheme: abroad by transfer, or as cash at a few agents (pieces under the threshold). */
export function exit(ctx, r, s, holder, total, t) {
  const { L } = ctx;
  if (r.chance(0.4)) {
    const to = r.pick(FOREIGN);
    for (const part of split(r, total, r.int(1, 2)))
      L.external(
        holder,
        "debit",
        part,
        when(ctx, t + r.uniform(0, 1)),
        { ...to, account: `IBAN-${to.country}-${s.id}` },
        { channel: "bank_transfer", description: "Payment for goods", scheme: s.id },
      );
    return t + 1;
  }
  const agents = r.sample(ctx.agents, r.int(2, 3));
  for (const part of underThreshold(r, total, r.int(2, 5)))
    L.cashOut(holder, r.pick(agents), part, when(ctx, t + r.uniform(0, 1.5)), { scheme: s.id });
  return t + 1.5;
}

/** Each recipient takes most of what it received out as cash within hours to a day and a half. */
export function cashOutSoon(ctx, r, s, holder, amount, t) {
  const agents = r.sample(ctx.agents, r.int(1, 2));
  for (const part of underThreshold(r, cedis((amount / 100) * r.uniform(0.85, 1)), r.int(1, 2)))
    ctx.L.cashOut(holder, r.pick(agents), part, when(ctx, t + r.uniform(0.05, 1.5)), { scheme: s.id });
}

export const MEMO = ["Goods", "Contract payment", "Invoice", "Support", "School fees", "Business"];
export const amountAround = (r, median, lo, hi, sigma = 0.45) =>
  cedis(clip(r.logNormal(median, sigma), lo, hi));
export const starts = (r, ctx, need) => r.uniform(0.5, Math.max(0.6, ctx.days - need - 0.5));
