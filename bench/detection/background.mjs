// Ordinary behaviour: what each population does day by day over the history. Rates are per day
// (Poisson) unless said; amounts are cedis, drawn log-normal around a median. Legitimate
// look-alikes (busy market stalls, merchants, payroll, agents) are ordinary behaviour too; susu
// groups and the post-passes that depend on everyone's activity (agent float, merchant
// settlement) are in lookalikes.mjs.
import { DAY_MS, instant } from "./ledger.mjs";
import { cedis } from "./random.mjs";

const AIRTIME = ["MTN Airtime", "Telecel Airtime", "AT Airtime"];
const SHOPS = ["Melcom", "Shoprite Accra Mall", "Total Energies", "Star Oil", "Game Stores", "KFC Osu"];
const BILLS = [
  { name: "ECG Prepaid", p: 0.8, median: 180 },
  { name: "Ghana Water", p: 0.4, median: 70 },
  { name: "DStv Ghana", p: 0.3, median: 200 },
];
const ABROAD = ["GB", "US", "DE", "IT", "NG", "AE", "CA"];

export const clip = (x, lo, hi) => Math.min(hi, Math.max(lo, x));

/**
 * Day of the month of history day `d` on the generator's own calendar (a history ending on
 * 2026-01-15), not the dates the records carry: so the data depends on the options alone and
 * `end` only shifts it in time (a bench run on another day loads the same movements).
 */
export const dayOfMonth = (ctx, d) => new Date(Date.UTC(2026, 0, 15) + (d - ctx.days) * DAY_MS).getUTCDate();

/** Draws `n` times on day `d` during waking hours. */
function times(r, ctx, d, n, from = 7, to = 21) {
  return Array.from({ length: n }, () => instant(ctx.start, d, r.uniform(from, to))).sort((a, b) => a - b);
}

/** Everyday spending shared by individuals: airtime, shops (the tenant's merchants and stalls), bills. */
function everyday(h, r, ctx, d, scale = 1) {
  const { L } = ctx;
  for (const at of times(r, ctx, d, r.poisson(0.2 * scale)))
    L.spend(h, r.pick(AIRTIME), cedis(r.uniform(5, 30)), at, "airtime");
  for (const at of times(r, ctx, d, r.poisson(0.28 * scale))) {
    const u = r.next();
    const amount = cedis(clip(r.logNormal(60, 0.8), 5, 1500));
    if (u < 0.5 && h.shops.length) L.pay(h, r.pick(h.shops), amount, at);
    else if (u < 0.7 && h.stalls.length)
      L.transfer(h, r.pick(h.stalls), amount, at, { category: "purchase", description: "Payment" });
    else L.spend(h, r.pick(SHOPS), amount, at);
  }
  if (dayOfMonth(ctx, d) === h.billDay)
    for (const b of BILLS)
      if (r.chance(b.p))
        L.spend(h, b.name, cedis(r.logNormal(b.median, 0.4)), times(r, ctx, d, 1)[0], "bill");
}

/** Money from family and friends (tenant holders or outsiders), part of it taken out as cash. */
function support(h, r, ctx, d, rate, median) {
  const { L } = ctx;
  for (const at of times(r, ctx, d, r.poisson(rate))) {
    const amount = cedis(clip(r.logNormal(median, 0.7), 20, 5000));
    const from = h.circle.length && r.chance(0.5) ? r.pick(h.circle) : null;
    if (from)
      L.transfer(from, h, amount, at, {
        description: r.pick(["Support", "For you", "Chop money", "Transport"]),
      });
    else L.external(h, "credit", amount, at, r.pick(h.contacts));
    if (r.chance(0.5))
      L.cashOut(
        h,
        r.pick(h.homeAgents),
        cedis((amount / 100) * r.uniform(0.5, 1)),
        at + r.uniform(1, 20) * 3_600_000,
      );
  }
}

function salaried(h, r, ctx, d) {
  const { L } = ctx;
  everyday(h, r, ctx, d);
  support(h, r, ctx, d, 0.03, 200);
  const salary = h.salary / 100;
  if (dayOfMonth(ctx, d) === h.payday) {
    const paidAt = instant(ctx.start, d, r.uniform(8, 11));
    if (!h.employer)
      L.external(h, "credit", h.salary, paidAt, h.externalEmployer, {
        channel: "bank_transfer",
        category: "salary",
        description: "Salary",
      });
    // After payday: cash, family, savings.
    for (let k = r.int(1, 2); k > 0; k--)
      L.cashOut(
        h,
        r.pick(h.homeAgents),
        cedis(salary * r.uniform(0.12, 0.25)),
        paidAt + r.uniform(2, 72) * 3_600_000,
      );
    for (let k = r.int(0, 3); k > 0; k--) {
      const at = paidAt + r.uniform(3, 96) * 3_600_000;
      const amount = cedis(clip(salary * r.uniform(0.03, 0.12), 30, 3000));
      if (h.circle.length && r.chance(0.5))
        L.transfer(h, r.pick(h.circle), amount, at, { description: "Family support" });
      else L.external(h, "debit", amount, at, r.pick(h.contacts), { description: "Family support" });
    }
  }
  if (h.remittance && dayOfMonth(ctx, d) === h.remittance.day)
    L.external(
      h,
      "credit",
      cedis(r.logNormal(h.remittance.median, 0.3)),
      times(r, ctx, d, 1)[0],
      h.remittance.from,
      {
        channel: "remittance",
        category: "remittance",
        description: "International remittance",
      },
    );
  for (const at of times(r, ctx, d, r.poisson(0.04)))
    L.cashOut(h, r.pick(h.homeAgents), cedis(clip(r.logNormal(200, 0.6), 20, 2000)), at);
  // Once in the history for some: rent or school fees, a large payment far above the usual.
  if (d === h.bigDay)
    L.external(h, "debit", cedis(r.uniform(1500, 6000)), times(r, ctx, d, 1)[0], h.bigPayee, {
      channel: "bank_transfer",
      description: h.bigPayee.what,
    });
}

function informal(h, r, ctx, d) {
  const { L } = ctx;
  everyday(h, r, ctx, d, 0.5);
  support(h, r, ctx, d, 0.1, 200);
  for (const at of times(r, ctx, d, r.poisson(0.03)))
    L.cashIn(h, r.pick(h.homeAgents), cedis(clip(r.logNormal(150, 0.6), 10, 1500)), at);
  for (const at of times(r, ctx, d, r.poisson(0.03)))
    if (h.circle.length) L.transfer(h, r.pick(h.circle), cedis(clip(r.logNormal(100, 0.6), 10, 1000)), at);
}

/** A wholesale trader: regular buyers pay by mobile money, cash deposited at agents, suppliers weekly. */
function trader(h, r, ctx, d) {
  const { L } = ctx;
  everyday(h, r, ctx, d, 0.5);
  for (const at of times(r, ctx, d, r.poisson(0.6))) {
    const amount = cedis(clip(r.logNormal(400, 0.8), 20, 6000));
    const buyer = r.pick(h.buyers);
    if (buyer.accounts) L.transfer(buyer, h, amount, at, { category: "purchase", description: "Goods" });
    else L.external(h, "credit", amount, at, buyer, { category: "sales", description: "Goods" });
  }
  for (const at of times(r, ctx, d, r.poisson(0.25)))
    L.cashIn(h, r.pick(h.homeAgents), cedis(clip(r.logNormal(1200, 0.6), 100, 9000)), at);
  if (d % 7 === h.weekday) {
    const supplier = r.pick(h.suppliers);
    const amount = cedis(clip(r.logNormal(4000, 0.5), 500, 20000));
    const at = times(r, ctx, d, 1)[0];
    if (supplier.accounts)
      L.transfer(h, supplier, amount, at, { category: "purchase", description: "Stock" });
    else
      L.external(h, "debit", amount, at, supplier, {
        channel: "bank_transfer",
        category: "purchase",
        description: "Stock",
      });
  }
  for (const at of times(r, ctx, d, r.poisson(0.08)))
    L.cashOut(h, r.pick(h.homeAgents), cedis(clip(r.logNormal(700, 0.6), 50, 5000)), at);
}

/** A market woman: mostly cash, a few regular customers paying by mobile money, a wholesaler weekly. */
function marketWoman(h, r, ctx, d) {
  const { L } = ctx;
  everyday(h, r, ctx, d, 0.4);
  for (const at of times(r, ctx, d, r.poisson(0.35)))
    L.cashIn(h, r.pick(h.homeAgents), cedis(clip(r.logNormal(350, 0.6), 20, 3000)), at);
  for (const at of times(r, ctx, d, r.poisson(0.3))) {
    const buyer = r.pick(h.buyers);
    const amount = cedis(clip(r.logNormal(80, 0.7), 5, 1000));
    if (buyer.accounts) L.transfer(buyer, h, amount, at, { category: "purchase", description: "Payment" });
    else L.external(h, "credit", amount, at, buyer, { category: "sales", description: "Payment" });
  }
  if (d % 7 === h.weekday)
    L.external(
      h,
      "debit",
      cedis(clip(r.logNormal(1200, 0.5), 100, 6000)),
      times(r, ctx, d, 1)[0],
      r.pick(h.suppliers),
      { category: "purchase", description: "Stock" },
    );
  for (const at of times(r, ctx, d, r.poisson(0.08)))
    L.cashOut(h, r.pick(h.homeAgents), cedis(clip(r.logNormal(300, 0.6), 20, 2000)), at);
}

/** A busy market stall (look-alike): many customers pay small amounts by mobile money every day. */
function stall(h, r, ctx, d) {
  const { L } = ctx;
  everyday(h, r, ctx, d, 0.3);
  // Payers come from the whole tenant: most holders buy food at a few stalls (everyday()), and
  // outsiders pay here too.
  for (const at of times(r, ctx, d, r.poisson(2.5)))
    L.external(h, "credit", cedis(clip(r.logNormal(60, 0.7), 5, 800)), at, r.pick(h.buyers), {
      category: "sales",
      description: "Payment",
    });
  if (d % 7 === h.weekday || d % 7 === (h.weekday + 3) % 7)
    L.external(
      h,
      "debit",
      cedis(clip(r.logNormal(2500, 0.5), 300, 12000)),
      times(r, ctx, d, 1)[0],
      r.pick(h.suppliers),
      { category: "purchase", description: "Stock" },
    );
  for (const at of times(r, ctx, d, r.poisson(0.15)))
    L.cashIn(h, r.pick(h.homeAgents), cedis(clip(r.logNormal(500, 0.6), 50, 4000)), at);
  for (const at of times(r, ctx, d, r.poisson(0.2)))
    L.cashOut(h, r.pick(h.homeAgents), cedis(clip(r.logNormal(800, 0.6), 50, 6000)), at);
}

/** A merchant: sales arrive from the payers' side (everyday()); suppliers weekly, bills monthly. */
function merchant(h, r, ctx, d) {
  const { L } = ctx;
  for (const at of times(r, ctx, d, r.poisson(0.5)))
    L.external(h, "credit", cedis(clip(r.logNormal(120, 0.8), 5, 3000)), at, r.pick(h.buyers), {
      category: "sales",
      description: "Payment",
    });
  if (d % 7 === h.weekday)
    L.external(
      h,
      "debit",
      cedis(clip(r.logNormal(2500, 0.5), 300, 15000)),
      times(r, ctx, d, 1)[0],
      r.pick(h.suppliers),
      { channel: "bank_transfer", category: "purchase", description: "Stock" },
    );
  if (dayOfMonth(ctx, d) === h.billDay)
    L.spend(h, "ECG Prepaid", cedis(r.logNormal(600, 0.4)), times(r, ctx, d, 1)[0], "bill");
}

/** A seasonal business: little most of the time, one peak with a financier's money paid out to many farmers or suppliers. */
function seasonal(h, r, ctx, d) {
  const { L } = ctx;
  informal(h, r, ctx, d);
  const p = h.peak;
  if (d === p.from) {
    let funded = 0;
    for (let k = r.int(2, 4); k > 0; k--) {
      const amount = cedis(r.uniform(p.budget / 4, p.budget / 2) / 100);
      funded += amount;
      L.external(
        h,
        "credit",
        amount,
        instant(ctx.start, d + r.uniform(0, 5), r.uniform(9, 15)),
        p.financier,
        { channel: "bank_transfer", category: "loan_disbursement", description: "Season finance" },
      );
    }
    const payees = p.payees;
    for (const payee of payees) {
      const at = instant(ctx.start, d + r.uniform(1, p.days - 1), r.uniform(8, 18));
      const amount = cedis(clip(r.logNormal(funded / 100 / payees.length, 0.3), 200, 20000));
      if (payee.accounts) L.transfer(h, payee, amount, at, { description: "Produce" });
      else L.external(h, "debit", amount, at, payee, { description: "Produce" });
    }
    for (let k = r.int(3, 6); k > 0; k--)
      L.external(
        h,
        "credit",
        cedis((funded / 100 / 4) * r.uniform(0.3, 0.5)),
        instant(ctx.start, d + p.days + r.uniform(0, 10), r.uniform(9, 15)),
        p.buyer,
        { channel: "bank_transfer", category: "sales", description: "Sales" },
      );
  }
}

/** An employer (look-alike: payroll fan-out): clients pay by bank transfer, staff paid on payday. */
function employer(h, r, ctx, d) {
  const { L } = ctx;
  for (const at of times(r, ctx, d, r.poisson(4 / 30), 9, 16))
    L.external(h, "credit", cedis(clip(r.logNormal(h.revenue, 0.5), 2000, 500000)), at, r.pick(h.clients), {
      channel: "bank_transfer",
      category: "sales",
      description: "Invoice payment",
    });
  if (dayOfMonth(ctx, d) === h.payday) {
    const at = instant(ctx.start, d, r.uniform(8, 10));
    let payroll = 0;
    for (const e of h.staff) {
      payroll += e.salary;
      if (e.accounts)
        L.transfer(h, e, e.salary, at + r.uniform(0, 600) * 1000, {
          channel: "bank_transfer",
          category: "salary",
          description: "Salary",
        });
      else
        L.external(h, "debit", e.salary, at + r.uniform(0, 600) * 1000, e, {
          channel: "bank_transfer",
          category: "salary",
          description: "Salary",
        });
    }
    L.external(
      h,
      "debit",
      cedis((payroll / 100) * 0.135),
      at + r.uniform(2, 6) * DAY_MS,
      { name: "SSNIT", account: "SSNIT-CONTRIBUTIONS" },
      { channel: "bank_transfer", category: "fee", description: "SSNIT contributions" },
    );
  }
  if (d % 7 === h.weekday)
    L.external(
      h,
      "debit",
      cedis(clip(r.logNormal(5000, 0.6), 500, 40000)),
      times(r, ctx, d, 1)[0],
      r.pick(h.suppliers),
      { channel: "bank_transfer", category: "purchase", description: "Supplies" },
    );
}

const BEHAVIOUR = {
  salaried,
  informal,
  trader,
  market_woman: marketWoman,
  stall,
  merchant,
  seasonal,
  employer,
  agent: () => {},
  mule: () => {},
};

/** Ordinary activity of holder `h` from its first active day to the end of the history. */
export function background(h, r, ctx) {
  const act = BEHAVIOUR[h.behaviour ?? h.population];
  for (let d = h.activeFrom ?? 0; d < ctx.days; d++) act(h, r, ctx, d);
  if (h.prehistory)
    for (const at of h.prehistory)
      ctx.L.cashIn(h, r.pick(h.homeAgents), cedis(r.logNormal(150, 0.6)), at, { prehistory: at < ctx.start });
}

export { ABROAD };
