// Fraud typologies: an account taken over and drained, a merchant paying accomplices refunds.
import { outsider } from "../holders.mjs";
import { instant } from "../ledger.mjs";
import { cedis } from "../random.mjs";
import { amountAround, cashOutSoon, split, starts, when } from "./moves.mjs";

/** Account takeover: an established customer's balance leaves within hours to new wallets (and some cash). */
export function accountTakeover(ctx, r, s) {
  const [victim] = s.members;
  const t0 = r.uniform(Math.min(20, ctx.days / 2), ctx.days - 0.3);
  const drained = amountAround(r, 8000, 2000, 25000, 0.5);
  for (const part of split(r, drained, r.int(2, 5)))
    ctx.L.external(
      victim,
      "debit",
      part,
      instant(ctx.start, Math.floor(t0), 20 + r.uniform(0, 3.9)),
      outsider(r),
      { description: "Transfer", scheme: s.id },
    );
  if (r.chance(0.4))
    ctx.L.cashOut(
      victim,
      r.pick(ctx.agents),
      amountAround(r, 1000, 300, 2000),
      instant(ctx.start, Math.floor(t0), 23.9),
      { scheme: s.id },
    );
  return { startDay: Math.floor(t0), endDay: Math.floor(t0) + 1, total: drained };
}

/** Refund abuse: a merchant pays accomplices refunds far above what they bought; they cash out. */
export function refundAbuse(ctx, r, s) {
  const [merchant, ...accomplices] = s.members;
  const span = r.uniform(3, 14);
  const t0 = starts(r, ctx, span + 2);
  for (const a of accomplices)
    ctx.L.pay(a, merchant, cedis(r.uniform(20, 100)), when(ctx, t0 + r.uniform(0, 1)), { scheme: s.id });
  let refunds = 0;
  for (let k = r.int(5, 12); k > 0; k--) {
    const a = r.pick(accomplices);
    const t = t0 + 1 + r.uniform(0, span);
    const amount = cedis(r.uniform(500, 4000));
    ctx.L.transfer(merchant, a, amount, when(ctx, t), {
      category: "refund",
      description: `Refund order #${r.int(1000, 9999)}`,
      scheme: s.id,
    });
    cashOutSoon(ctx, r, s, a, amount, t);
    refunds++;
  }
  return { startDay: t0, endDay: t0 + span + 2.5, refunds };
}
