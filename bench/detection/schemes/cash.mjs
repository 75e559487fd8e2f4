// Cash typologies: structuring under the reporting threshold across accounts, agents and smurfs;
// mules (new or dormant accounts) that collect from many and are drained as cash.
import { outsider } from "../holders.mjs";
import { cedis } from "../random.mjs";
import { amountAround, FOREIGN, split, starts, when } from "./moves.mjs";

/** Structuring: a subject pays cash in under the threshold across its accounts and several agents, with smurfs' help, then moves it on. */
export function structuring(ctx, r, s) {
  const [subject, ...smurfs] = s.members;
  const span = r.uniform(5, 20);
  const t0 = starts(r, ctx, span + 4);
  const agents = r.sample(ctx.agents, r.int(2, 4));
  const byAccount = new Map(subject.accounts.map((a) => [a, 0]));
  let total = 0;
  for (let k = r.int(6, 14); k > 0; k--) {
    const amount = cedis(
      100 * Math.round((r.chance(0.6) ? r.uniform(40_000, 49_900) : r.uniform(15_000, 40_000)) / 100),
    );
    const account = r.pick(subject.accounts);
    ctx.L.cashIn(subject, r.pick(agents), amount, when(ctx, t0 + r.uniform(0, span)), {
      account,
      scheme: s.id,
    });
    byAccount.set(account, byAccount.get(account) + amount);
    total += amount;
  }
  for (const smurf of smurfs)
    for (let k = r.int(1, 3); k > 0; k--) {
      const t = t0 + r.uniform(0, span);
      const amount = cedis(100 * Math.round(r.uniform(20_000, 49_500) / 100));
      ctx.L.cashIn(smurf, r.pick(agents), amount, when(ctx, t), { scheme: s.id });
      ctx.L.transfer(smurf, subject, amount, when(ctx, t + r.uniform(0.02, 0.3)), {
        toAccount: r.pick(subject.accounts),
        description: "Business",
        scheme: s.id,
      });
      total += amount;
    }
  const [main, ...others] = subject.accounts;
  for (const account of others)
    if (byAccount.get(account) > 0)
      ctx.L.transfer(subject, subject, byAccount.get(account), when(ctx, t0 + span + r.uniform(0, 1)), {
        fromAccount: account,
        toAccount: main,
        category: "own_transfer",
        description: "Own account transfer",
        scheme: s.id,
      });
  const payee = r.chance(0.5)
    ? { name: "Emerald Estates Developers", account: `GH-BANK-EST-${s.id}` }
    : { ...FOREIGN[0], account: `IBAN-AE-${s.id}` };
  for (const part of split(r, cedis((total / 100) * r.uniform(0.85, 0.98)), r.int(1, 3)))
    ctx.L.external(subject, "debit", part, when(ctx, t0 + span + r.uniform(1, 3)), payee, {
      account: main,
      channel: "bank_transfer",
      description: "Property deposit",
      scheme: s.id,
    });
  return {
    startDay: t0,
    endDay: t0 + span + 3,
    total,
    accounts: subject.accounts.length,
    agents: agents.length,
  };
}

/** Mule: a new or dormant account receives from 5-15 senders within days and is drained through cash-out. */
export function mule(ctx, r, s) {
  const [m] = s.members;
  const spread = r.uniform(1, 7);
  const t0 = m.muleStart;
  const senders = r.int(5, 15);
  const agents = r.sample(ctx.agents, r.int(1, 3));
  // A new account's only activity before: a small cash-in when it was opened, days earlier.
  if (m.population === "mule_new")
    ctx.L.cashIn(m, r.pick(ctx.agents), cedis(r.uniform(20, 50)), when(ctx, t0 - r.uniform(0.5, 2.5)));
  const events = Array.from({ length: senders }, () => t0 + r.uniform(0, spread)).sort((a, b) => a - b);
  let pending = 0;
  let received = 0;
  events.forEach((t, k) => {
    const amount = amountAround(r, 1200, 300, 5000, 0.6);
    const victim = r.chance(0.4) ? r.pick(ctx.victims) : null;
    if (victim)
      ctx.L.transfer(victim, m, amount, when(ctx, t), {
        description: r.pick(["Payment", "Goods", "Deposit"]),
        scheme: s.id,
      });
    else
      ctx.L.external(m, "credit", amount, when(ctx, t), outsider(r), {
        description: "Payment",
        scheme: s.id,
      });
    pending += amount;
    received += amount;
    if (pending >= 150_000 || k === events.length - 1) {
      const out = cedis((pending / 100) * r.uniform(0.9, 1));
      const at = when(ctx, t + r.uniform(0.02, 0.6));
      if (r.chance(0.25))
        ctx.L.external(m, "debit", out, at, outsider(r), { description: "Transfer", scheme: s.id });
      else ctx.L.cashOut(m, r.pick(agents), out, at, { scheme: s.id });
      pending = 0;
    }
  });
  return { startDay: t0, endDay: t0 + spread + 0.6, senders, total: received, kind: m.population };
}
