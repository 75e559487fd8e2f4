// Network typologies: money moved between the tenant's holders in a shape (fan-in, fan-out, cycle,
// scatter-gather, gather-scatter) or down a chain with long holds (layering).
import { clip } from "../background.mjs";
import { cedis } from "../random.mjs";
import {
  amountAround,
  cashOutSoon,
  exit,
  fund,
  MEMO,
  split,
  starts,
  underThreshold,
  when,
} from "./moves.mjs";

/** Fan-in: 5-15 feeders (most paying cash in first) send to one hub within days; the hub moves it out. */
export function fanIn(ctx, r, s) {
  const [hub, ...feeders] = s.members;
  const spread = r.uniform(3, 14);
  const t0 = starts(r, ctx, spread + 6);
  let total = 0;
  let last = t0;
  for (const f of feeders)
    for (let k = r.int(1, 2); k > 0; k--) {
      const t = t0 + r.uniform(0, spread);
      const amount = amountAround(r, 4000, 1000, 9500);
      if (r.chance(0.7))
        ctx.L.cashIn(
          f,
          r.pick(ctx.agents),
          amount + cedis(r.uniform(0, 200)),
          when(ctx, t - r.uniform(0.01, 0.2)),
          { scheme: s.id },
        );
      ctx.L.transfer(f, hub, amount, when(ctx, t), { description: r.pick(MEMO), scheme: s.id });
      total += amount;
      last = Math.max(last, t);
    }
  const end = exit(ctx, r, s, hub, cedis((total / 100) * r.uniform(0.9, 0.98)), last + r.uniform(0.5, 4));
  return { startDay: t0 - 0.2, endDay: end, spreadDays: spread, total };
}

/** Fan-out: a hub receives a lump and pays it to 5-15 recipients over days; each cashes out. */
export function fanOut(ctx, r, s) {
  const [hub, ...sinks] = s.members;
  const spread = r.uniform(2, 10);
  const t0 = starts(r, ctx, spread + 4);
  const amounts = sinks.map(() => amountAround(r, 4000, 1000, 9500));
  const total = amounts.reduce((a, b) => a + b, 0);
  const lump = cedis((total / 100) * r.uniform(1.0, 1.05));
  if (r.chance(0.5))
    ctx.L.external(
      hub,
      "credit",
      lump,
      when(ctx, t0),
      { name: "Bright Star Investments", account: `GH-BANK-${s.id}` },
      { channel: "bank_transfer", description: "Consultancy", scheme: s.id },
    );
  else fund(ctx, r, s, hub, lump, t0 + 0.05, 1);
  let end = t0;
  sinks.forEach((sink, k) => {
    const t = t0 + r.uniform(0.1, spread);
    ctx.L.transfer(hub, sink, amounts[k], when(ctx, t), { description: r.pick(MEMO), scheme: s.id });
    cashOutSoon(ctx, r, s, sink, amounts[k], t);
    end = Math.max(end, t + 1.5);
  });
  return { startDay: t0 - 1, endDay: end, spreadDays: spread, total };
}

/** Cycle: funds leave the origin and come back through 2-6 hops, each keeping 0-5%, 1-3 times. */
export function cycle(ctx, r, s) {
  const members = s.members; // [origin, ...intermediaries]; hops = members.length
  const hops = members.length;
  const delays = () => Array.from({ length: hops }, () => r.uniform(0.2, 3));
  let rounds = r.int(1, 3);
  const plan = Array.from({ length: rounds }, delays);
  const gaps = plan.map(() => r.uniform(3, 12));
  const need = (n) =>
    plan.slice(0, n).reduce((a, d, i) => a + d.reduce((x, y) => x + y, 0) + (i ? gaps[i] : 0), 0) + 3;
  while (rounds > 1 && need(rounds) > ctx.days - 2) rounds--;
  const t0 = starts(r, ctx, need(rounds));
  let amount = amountAround(r, 25000, 8000, 80000, 0.5);
  fund(ctx, r, s, members[0], amount, t0, 3);
  let t = t0;
  const paths = [];
  for (let round = 0; round < rounds; round++) {
    if (round) t += gaps[round];
    const path = [];
    for (let h = 0; h < hops; h++) {
      t += plan[round][h];
      const from = members[h];
      const to = members[(h + 1) % hops];
      ctx.L.transfer(from, to, amount, when(ctx, t), { description: r.pick(MEMO), scheme: s.id });
      path.push(amount);
      amount = cedis((amount / 100) * r.uniform(0.95, 1));
    }
    paths.push(path);
  }
  return { startDay: t0 - 3, endDay: t, hops, rounds, amounts: paths };
}

/** Scatter-gather: one source splits a sum over 3-8 intermediaries, who pass it to one sink within days. */
export function scatterGather(ctx, r, s) {
  const source = s.members[0];
  const sink = s.members.at(-1);
  const middle = s.members.slice(1, -1);
  const t0 = starts(r, ctx, 12);
  const total = amountAround(r, 60000, 20000, 200000, 0.5);
  if (r.chance(0.6))
    ctx.L.external(
      source,
      "credit",
      total,
      when(ctx, t0),
      { name: "Kingsway Consult Ltd", account: `GH-BANK-${s.id}` },
      { channel: "bank_transfer", description: "Consultancy fee", scheme: s.id },
    );
  else fund(ctx, r, s, source, total, t0, 2);
  let gathered = 0;
  let last = t0;
  split(r, total, middle.length).forEach((part, k) => {
    const t = t0 + r.uniform(0.2, 3);
    ctx.L.transfer(source, middle[k], part, when(ctx, t), { description: r.pick(MEMO), scheme: s.id });
    const on = cedis((part / 100) * r.uniform(0.95, 1));
    const t2 = t + r.uniform(0.3, 4);
    for (const piece of split(r, on, r.int(1, 2)))
      ctx.L.transfer(middle[k], sink, piece, when(ctx, t2 + r.uniform(0, 0.5)), {
        description: r.pick(MEMO),
        scheme: s.id,
      });
    gathered += on;
    last = Math.max(last, t2 + 0.5);
  });
  const end = exit(ctx, r, s, sink, cedis((gathered / 100) * r.uniform(0.9, 0.98)), last + r.uniform(0.5, 3));
  return { startDay: t0 - 2, endDay: end, total };
}

/** Gather-scatter: 3-6 sources pay one hub within days; the hub splits it over 3-6 sinks, who cash out. */
export function gatherScatter(ctx, r, s) {
  const hubAt = s.members.findIndex((_, i) => s.roles[i] === "hub");
  const hub = s.members[hubAt];
  const sources = s.members.filter((_, i) => s.roles[i] === "source");
  const sinks = s.members.filter((_, i) => s.roles[i] === "sink");
  const t0 = starts(r, ctx, 12);
  let total = 0;
  let last = t0;
  for (const src of sources) {
    const t = t0 + r.uniform(0, 4);
    const amount = amountAround(r, 12000, 4000, 30000, 0.4);
    fund(ctx, r, s, src, amount, t, 0.3);
    ctx.L.transfer(src, hub, amount, when(ctx, t), { description: r.pick(MEMO), scheme: s.id });
    total += amount;
    last = Math.max(last, t);
  }
  let end = last;
  split(r, cedis((total / 100) * r.uniform(0.93, 0.99)), sinks.length).forEach((part, k) => {
    const t = last + r.uniform(0.3, 3);
    ctx.L.transfer(hub, sinks[k], part, when(ctx, t), { description: r.pick(MEMO), scheme: s.id });
    cashOutSoon(ctx, r, s, sinks[k], part, t);
    end = Math.max(end, t + 1.5);
  });
  return { startDay: t0 - 0.3, endDay: end, total };
}

/** Layering: a chain of 3-6 holders, each holding the money 5-20 days before passing it on in pieces. */
export function layering(ctx, r, s) {
  const chain = s.members;
  const room = (ctx.days - 8) / chain.length - 3;
  const holds = chain.map(() => r.uniform(5, clip(room, 5.5, 20)));
  const need = 4 + holds.reduce((a, b) => a + b + 3, 0);
  const t0 = starts(r, ctx, need);
  let amount = amountAround(r, 80000, 30000, 200000, 0.5);
  for (const part of underThreshold(r, amount, r.int(3, 6)))
    ctx.L.cashIn(chain[0], r.pick(ctx.agents), part, when(ctx, t0 + r.uniform(0, 4)), { scheme: s.id });
  let received = t0 + 4;
  const holdDays = [];
  for (let i = 0; i < chain.length - 1; i++) {
    const leave = received + holds[i];
    holdDays.push(holds[i]);
    const on = cedis((amount / 100) * r.uniform(0.97, 1));
    let lastPiece = leave;
    for (const [k, piece] of split(r, on, r.int(2, 4)).entries()) {
      const at = leave + (k ? r.uniform(0, 3) : 0);
      lastPiece = Math.max(lastPiece, at);
      ctx.L.transfer(chain[i], chain[i + 1], piece, when(ctx, at), {
        description: r.pick(MEMO),
        scheme: s.id,
      });
    }
    amount = on;
    received = lastPiece;
  }
  holdDays.push(holds.at(-1));
  const end = exit(
    ctx,
    r,
    s,
    chain.at(-1),
    cedis((amount / 100) * r.uniform(0.95, 1)),
    received + holds.at(-1),
  );
  return { startDay: t0, endDay: end, holdDays };
}
