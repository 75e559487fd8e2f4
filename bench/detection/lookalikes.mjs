// Legitimate look-alikes that depend on a group or on everyone's activity: susu groups (rotating
// contributions form cycles; a collector gathers and pays back), agents' float top-ups and sweeps
// (after every cash-in and cash-out is known) and merchants' weekly settlement to their bank.
import { dayOfMonth } from "./background.mjs";
import { DAY_MS, instant } from "./ledger.mjs";
import { cedis } from "./random.mjs";

const FLOAT_BANKS = [
  { name: "GCB Bank Agent Float", account: "FLOAT-GCB-0001" },
  { name: "Ecobank Agent Float", account: "FLOAT-ECO-0001" },
  { name: "Fidelity Bank Agent Float", account: "FLOAT-FID-0001" },
];

/**
 * A rotating susu (ROSCA): every week each member pays the same contribution to that week's
 * recipient, who rotates through the members in a fixed order, so over a rotation the money
 * goes round in cycles of equal amounts. A collector susu: members pay the collector two or
 * three times a week; at each month's end the collector pays one member (in turn) the month's pot
 * less a commission.
 */
export function susu(group, r, ctx) {
  const { L } = ctx;
  const { members, contribution, kind, weekday } = group;
  const n = members.length;
  if (kind === "rotating") {
    const offset = r.int(0, n - 1);
    for (let week = 0; week * 7 + weekday < ctx.days; week++) {
      const recipient = members[(week + offset) % n];
      for (const m of members)
        if (m !== recipient)
          L.transfer(
            m,
            recipient,
            contribution,
            instant(ctx.start, week * 7 + weekday + r.uniform(0, 1.5), r.uniform(7, 20)),
            {
              description: "Susu contribution",
            },
          );
    }
    return;
  }
  const [collector, ...savers] = members;
  let pot = 0;
  let turn = r.int(0, savers.length - 1);
  for (let d = 0; d < ctx.days; d++) {
    for (const m of savers)
      if (r.chance(0.4)) {
        L.transfer(m, collector, contribution, instant(ctx.start, d, r.uniform(7, 19)), {
          description: "Susu",
        });
        pot += contribution;
      }
    if (dayOfMonth(ctx, d + 1) === 1 && pot > 0) {
      const payee = savers[turn++ % savers.length];
      L.transfer(collector, payee, cedis((pot / 100) * 0.95), instant(ctx.start, d, r.uniform(15, 19)), {
        description: "Susu payout",
      });
      pot = 0;
    }
  }
}

/**
 * An agent's e-float: cash-ins spend it, cash-outs refill it. Walking the wallet's legs in time
 * order, the agent buys float from its bank (round amounts) before it runs short and sweeps the
 * excess back when it piles up: large round credits and debits with one counterparty.
 */
export function agentFloat(agent, r, ctx) {
  const { L } = ctx;
  const bank = r.pick(FLOAT_BANKS);
  const legs = [];
  L.owner.forEach((owner, i) => {
    if (owner === agent.id) legs.push(L.records[i]);
  });
  legs.sort((a, b) => (a.transactionDate < b.transactionDate ? -1 : 1));
  let float = r.uniform(10_000, 30_000);
  for (const leg of legs) {
    const amount = Number(leg.amount);
    const at = Date.parse(leg.transactionDate);
    if (leg.type === "debit" && float - amount < 3000) {
      const topUp = 1000 * Math.ceil((amount + r.uniform(10_000, 30_000)) / 1000);
      L.external(agent, "credit", topUp * 100, at - r.uniform(10, 60) * 60_000, bank, {
        channel: "bank_transfer",
        category: "float_topup",
        description: "Float top-up",
      });
      float += topUp;
    }
    float += leg.type === "credit" ? amount : -amount;
    if (float > 60_000) {
      const sweep = 1000 * Math.floor((float - 20_000) / 1000);
      L.external(agent, "debit", sweep * 100, at + r.uniform(30, 180) * 60_000, bank, {
        channel: "bank_transfer",
        category: "float_sweep",
        description: "Float sweep to bank",
      });
      float -= sweep;
    }
  }
}

/** A merchant sweeps most of each week's sales to its own bank account early the next week. */
export function merchantSettlement(merchant, r, ctx) {
  const { L } = ctx;
  const weekly = new Map();
  L.owner.forEach((owner, i) => {
    const t = L.records[i];
    if (owner !== merchant.id || t.type !== "credit") return;
    const week = Math.floor((Date.parse(t.transactionDate) - ctx.start) / (7 * DAY_MS));
    weekly.set(week, (weekly.get(week) ?? 0) + Math.round(Number(t.amount) * 100));
  });
  for (const [week, sales] of weekly) {
    const day = (week + 1) * 7 + (merchant.weekday % 2);
    if (day >= ctx.days || sales < 50_000) continue;
    L.external(
      merchant,
      "debit",
      cedis((sales / 100) * r.uniform(0.6, 0.9)),
      instant(ctx.start, day, r.uniform(15, 18)),
      merchant.bank,
      {
        channel: "bank_transfer",
        category: "own_transfer",
        description: "Settlement to bank",
      },
    );
  }
}
