// Synthetic but realistic demo data for two tenants, in the ingestion record shapes of
// docs/contract.md#ingestion (the seeder loads it through the ingest endpoint, as a client would).
//
// Each business has a cash-flow story that drives 12 months of sales, supplier payments,
// rent, payroll, utilities and loan repayments, so every index has something to say.
import { rng } from "./random.mjs";

const FIRST = [
  "Adwoa",
  "Kwame",
  "Ama",
  "Kofi",
  "Yaa",
  "Kojo",
  "Akua",
  "Esi",
  "Yaw",
  "Abena",
  "Nana",
  "Efua",
  "Kwabena",
  "Afia",
  "Kweku",
  "Adjoa",
  "Fiifi",
  "Akosua",
  "Ekow",
  "Mansa",
];
const TRADES = [
  ["Chop Bar", "food_service"],
  ["Provisions Store", "retail"],
  ["Pharmacy", "health"],
  ["Tailoring", "apparel"],
  ["Hair Salon", "personal_care"],
  ["Cold Store", "food_retail"],
  ["Building Materials", "construction"],
  ["Mobile Phones", "electronics"],
  ["Fabrics", "apparel"],
  ["Auto Spare Parts", "automotive"],
  ["Catering", "food_service"],
  ["Poultry Farm", "agriculture"],
  ["Cocoa Buying", "agriculture"],
  ["Printing Press", "services"],
  ["Electricals", "electronics"],
  ["Cosmetics", "retail"],
  ["Bakery", "food_production"],
  ["Fish Mongers", "food_retail"],
  ["Furniture Works", "manufacturing"],
  ["Logistics", "transport"],
];
const SUFFIX = ["Enterprise", "Ventures", "& Sons", "Ltd", "Trading", "Company", "Services"];
const TOWNS = [
  "Accra",
  "Kumasi",
  "Tamale",
  "Takoradi",
  "Cape Coast",
  "Ho",
  "Koforidua",
  "Tema",
  "Sunyani",
  "Madina",
];
const REGIONS = ["Greater Accra", "Ashanti", "Northern", "Western", "Central", "Volta", "Eastern", "Bono"];
const SUPPLIERS = [
  ["Melcom Wholesale", "GH"],
  ["Kasapreko Distributors", "GH"],
  ["Tema Port Clearing", "GH"],
  ["Lagos Textile Mills", "NG"],
  ["Abidjan Trading House", "CI"],
  ["Guangzhou Export Co", "CN"],
  ["Lome Free Zone Supplies", "TG"],
  ["Accra Central Market Traders", "GH"],
];

/** Story -> monthly revenue multiplier and expense ratio. */
const STORIES = {
  growing: { weight: 0.2, revenue: (m) => 1.06 ** m, expenseRatio: () => 0.74, missedRepayment: 0 },
  seasonal: {
    weight: 0.18,
    revenue: (m, r) => 1 + 0.55 * Math.sin((2 * Math.PI * (m + r.phase)) / 12),
    expenseRatio: () => 0.84,
    missedRepayment: 0.05,
  },
  declining: {
    weight: 0.16,
    revenue: (m) => 0.94 ** m,
    expenseRatio: (m) => 0.9 + m * 0.02,
    missedRepayment: 0.2,
  },
  erratic: {
    weight: 0.14,
    revenue: (_m, r) => Math.max(0.05, Math.exp(0.55 * r.normal())),
    expenseRatio: () => 0.9,
    missedRepayment: 0.15,
  },
  cash_heavy: {
    weight: 0.14,
    revenue: (_m, r) => 1 + 0.08 * r.normal(),
    expenseRatio: () => 0.8,
    missedRepayment: 0.02,
  },
  stable: {
    weight: 0.12,
    revenue: (_m, r) => 1 + 0.04 * r.normal(),
    expenseRatio: () => 0.78,
    missedRepayment: 0,
  },
  distressed: { weight: 0.06, revenue: (m) => 0.97 ** m, expenseRatio: () => 1.12, missedRepayment: 0.45 },
};

const money = (n) => (Math.round(n * 100) / 100).toFixed(2);
const iso = (d) => d.toISOString();

function pickStory(r) {
  let x = r.next();
  for (const [name, s] of Object.entries(STORIES)) {
    x -= s.weight;
    if (x <= 0) return name;
  }
  return "stable";
}

/** A moment in the `month`-th 30.4-day slice of the year that starts at `start` (never after its end). */
function dayInMonth(start, month, r, hourRange = [7, 20]) {
  const d = new Date(start.getTime() + Math.floor((month + r.next()) * 30.4) * 86_400_000);
  d.setUTCHours(r.int(hourRange[0], hourRange[1]), r.int(0, 59), r.int(0, 59), 0);
  const end = start.getTime() + 365 * 86_400_000 - 3_600_000;
  return d.getTime() > end ? new Date(end) : d;
}

/** A business tenant: `count` SMEs, each with a current account and often a mobile-money wallet. */
export function generateBusinesses({ seed, count, source, now, prefix }) {
  const r = rng(seed);
  const start = new Date(now.getTime() - 365 * 86_400_000);
  const customers = [];
  const accounts = [];
  const transactions = [];
  const stories = {};
  for (let i = 0; i < count; i++) {
    const story = pickStory(r);
    stories[story] = (stories[story] ?? 0) + 1;
    const [trade, industry] = r.pick(TRADES);
    const owner = r.pick(FIRST);
    const town = r.pick(TOWNS);
    const name = `${owner} ${trade} ${r.pick(SUFFIX)}`;
    const externalId = `${prefix}-CUS-${String(i + 1).padStart(5, "0")}`;
    const handle = `${owner}.${trade}`.toLowerCase().replace(/[^a-z.]+/g, "");
    customers.push({
      externalId,
      externalSource: source,
      type: "business",
      name,
      email: `${handle}${i + 1}@example.com.gh`,
      phone: `+23324${String(1_000_000 + Math.floor(r.next() * 8_999_999)).slice(0, 7)}`,
      status: story === "distressed" && r.chance(0.3) ? "suspended" : "active",
      vertical: industry,
      riskLevel: story === "distressed" || story === "declining" ? "medium" : "low",
      tags: [story.replace("_", "-"), town.toLowerCase().replace(/ /g, "-")],
      businessInfo: {
        legalName: `${name} (${town})`,
        industry,
        registrationNumber: `BN${100000 + i}`,
        taxId: `C00${10000000 + i * 7}`,
      },
      createdAt: iso(new Date(start.getTime() - r.int(30, 2000) * 86_400_000)),
    });

    const base = r.between(8_000, 120_000) * (story === "cash_heavy" ? 1.5 : 1); // monthly revenue, GHS
    const phase = r.int(0, 11);
    const current = {
      externalId: `${externalId}-CUR`,
      externalSource: source,
      customerExternalId: externalId,
      type: "current",
      name: "Business current account",
      currency: "GHS",
    };
    const wallet = r.chance(0.6)
      ? {
          externalId: `${externalId}-MOMO`,
          externalSource: source,
          customerExternalId: externalId,
          type: "mobile_money",
          name: "Merchant wallet",
          currency: "GHS",
        }
      : null;
    let balance = base * r.between(0.6, 2.2);
    let walletBalance = wallet ? base * 0.1 : 0;
    const loan = r.chance(0.7) ? base * r.between(0.03, 0.09) : 0;
    const txns = [];
    const supplier = r.pick(SUPPLIERS);
    const story$ = STORIES[story];
    const randomSource = Object.assign(r, { phase });
    for (let m = 0; m < 12; m++) {
      const revenue = Math.max(0, base * story$.revenue(m, randomSource));
      const expenses = revenue * story$.expenseRatio(m);
      let walletSales = 0;
      const salesCount = Math.max(
        2,
        Math.round(r.between(8, 18) * Math.min(2, Math.max(0.3, revenue / base))),
      );
      for (let s = 0; s < salesCount; s++) {
        const amount = (revenue / salesCount) * r.between(0.6, 1.4);
        const cash = story === "cash_heavy" ? r.chance(0.8) : r.chance(0.2);
        const toWallet = wallet && !cash && r.chance(0.5);
        if (toWallet) walletSales += amount;
        txns.push({
          account: toWallet ? wallet : current,
          type: "credit",
          category: "sales",
          amount,
          date: dayInMonth(start, m, r),
          channel: cash ? "cash" : toWallet ? "mobile_money" : r.pick(["bank_transfer", "card"]),
          description: cash ? "Cash sales deposit" : "Customer payment",
        });
      }
      const fixed = [
        ["rent", expenses * 0.15, "Shop rent", "GH"],
        ["payroll", expenses * 0.25, "Staff salaries", "GH"],
        ["utilities", expenses * 0.05, "ECG prepaid and water", "GH"],
      ];
      for (const [category, amount, description] of fixed) {
        txns.push({
          account: current,
          type: "debit",
          category,
          amount: amount * r.between(0.95, 1.05),
          date: dayInMonth(start, m, r),
          channel: "bank_transfer",
          description,
        });
      }
      const supplierPayments = r.int(2, 5);
      for (let p = 0; p < supplierPayments; p++) {
        txns.push({
          account: current,
          type: "debit",
          category: "supplier_payment",
          amount: ((expenses * 0.55) / supplierPayments) * r.between(0.7, 1.3),
          date: dayInMonth(start, m, r),
          channel: "bank_transfer",
          description: `Stock from ${supplier[0]}`,
          counterpartyName: supplier[0],
          counterpartyCountry: supplier[1],
        });
      }
      if (loan > 0) {
        const missed = r.chance(story$.missedRepayment);
        txns.push({
          account: current,
          type: "debit",
          category: missed ? "loan_repayment_failed" : "loan_repayment",
          amount: loan,
          date: dayInMonth(start, m, r),
          channel: "bank_transfer",
          description: missed ? "Loan instalment returned unpaid" : "Loan instalment",
          status: missed ? "failed" : "completed",
        });
      }
      if (wallet && walletSales > 500) {
        const sweep = walletSales * 0.9;
        txns.push({
          account: wallet,
          type: "debit",
          category: "transfer",
          amount: sweep,
          date: dayInMonth(start, m, r, [21, 22]),
          channel: "mobile_money",
          description: "Sweep to bank",
        });
        txns.push({
          account: current,
          type: "credit",
          category: "transfer",
          amount: sweep,
          date: dayInMonth(start, m, r, [21, 22]),
          channel: "mobile_money",
          description: "Sweep from wallet",
        });
      }
    }
    txns.sort((x, y) => x.date - y.date);
    let n = 0;
    for (const t of txns) {
      const amount = Number(money(t.amount));
      if (amount <= 0) continue;
      const isWallet = t.account === wallet;
      const failed = t.status === "failed";
      if (!failed) {
        if (isWallet) walletBalance += t.type === "credit" ? amount : -amount;
        else balance += t.type === "credit" ? amount : -amount;
      }
      transactions.push({
        externalId: `${t.account.externalId}-T${String(++n).padStart(5, "0")}`,
        externalSource: source,
        accountExternalId: t.account.externalId,
        type: t.type,
        category: t.category,
        amount: money(amount),
        currency: "GHS",
        description: t.description,
        status: t.status ?? "completed",
        transactionDate: iso(t.date),
        balanceAfter: money(isWallet ? walletBalance : balance),
        channel: t.channel,
        ...(t.counterpartyName
          ? { counterpartyName: t.counterpartyName, counterpartyCountry: t.counterpartyCountry }
          : {}),
      });
    }
    accounts.push({
      ...current,
      currentBalance: money(balance),
      availableBalance: money(Math.max(0, balance)),
      creditLimit: money(loan > 0 ? loan * 12 : 0),
      createdAt: customers.at(-1).createdAt,
    });
    if (wallet)
      accounts.push({
        ...wallet,
        currentBalance: money(walletBalance),
        availableBalance: money(Math.max(0, walletBalance)),
        createdAt: customers.at(-1).createdAt,
      });
  }
  return { customers, accounts, transactions, agents: [], stories };
}

/**
 * Days of shaped recent demand: 14 weeks, so a float backtest over the last 6 held-out weeks has
 * 8 weeks of the same regime before every cut (with 8 weeks, the earlier cuts' histories were
 * mostly the sparse monthly activity before it, a volume jump no forecast could know).
 */
const RECENT_DAYS = 98;
/** Busier mornings and evenings, Saturdays busy, Sundays quiet: the demand shape float forecasts learn. */
const HOUR_WEIGHTS = [0, 0, 0, 0, 0, 0, 1, 2, 4, 4, 3, 2, 2, 2, 2, 2, 3, 4, 4, 3, 2, 1, 0, 0];
const DAY_WEIGHTS = [0.6, 1, 1, 1, 1, 1.1, 1.3];
/** Customer transactions a day in the last RECENT_DAYS (float history and stock-out forecasts). */
const RECENT_PER_DAY = { thriving: 12, steady: 7, float_stressed: 9, dormant: 0, declining: 3, new: 4 };

function recentHour(r) {
  let x = r.next() * HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
  for (let h = 0; h < 24; h++) {
    x -= HOUR_WEIGHTS[h];
    if (x <= 0) return h;
  }
  return 12;
}

/** The last RECENT_DAYS of an agent's customer demand, hour-of-day and day-of-week shaped. */
function recentDemand(r, profile, now) {
  const out = [];
  const perDay = RECENT_PER_DAY[profile];
  for (let d = RECENT_DAYS; d >= 1; d--) {
    const day = new Date(now.getTime() - d * 86_400_000);
    const n = Math.round(perDay * DAY_WEIGHTS[day.getUTCDay()] * r.between(0.7, 1.3));
    for (let k = 0; k < n; k++) {
      const date = new Date(day);
      date.setUTCHours(recentHour(r), r.int(0, 59), r.int(0, 59), 0);
      if (date >= now) continue;
      const cashIn = r.chance(profile === "float_stressed" ? 0.68 : 0.5);
      out.push({ cashIn, amount: r.between(20, profile === "thriving" ? 1500 : 600), date });
    }
  }
  return out;
}

/**
 * Mobile-money agents: each is a customer with a float account; cash-in debits float, cash-out
 * credits it, and top-ups (category float_topup) credit it. Most agents top up when their float
 * runs low; float-stressed agents only get a small top-up every 6 days, so they run dry between.
 */
export function generateAgents({ seed, count, source, now, prefix }) {
  const r = rng(seed);
  const start = new Date(now.getTime() - 365 * 86_400_000);
  const customers = [];
  const accounts = [];
  const transactions = [];
  const agents = [];
  const profiles = ["thriving", "steady", "float_stressed", "dormant", "declining", "new"];
  const stories = {};
  for (let i = 0; i < count; i++) {
    const profile = profiles[i % profiles.length];
    stories[`agent_${profile}`] = (stories[`agent_${profile}`] ?? 0) + 1;
    const agentId = `${prefix}-AGT-${String(i + 1).padStart(4, "0")}`;
    const region = r.pick(REGIONS);
    const tier =
      profile === "thriving"
        ? r.pick(["premium", "super"])
        : profile === "new"
          ? "basic"
          : r.pick(["basic", "standard", "premium"]);
    const floatLimit = { basic: 20_000, standard: 50_000, premium: 120_000, super: 300_000 }[tier];
    const name = `${r.pick(FIRST)} Mobile Money Point ${i + 1}`;
    const customerExternalId = `${agentId}-CUS`;
    customers.push({
      externalId: customerExternalId,
      externalSource: source,
      type: "agent",
      name,
      status: "active",
      vertical: "mobile_money_agent",
      tags: ["agent", region.toLowerCase().replace(/ /g, "-")],
      businessInfo: { industry: "mobile_money_agent" },
    });
    const account = {
      externalId: `${agentId}-FLOAT`,
      externalSource: source,
      customerExternalId,
      type: "float",
      name: "Agent e-float",
      currency: "GHS",
    };
    const activeFrom = profile === "new" ? 9 : 0; // months
    const activeTo = profile === "dormant" ? 10 : 12;
    let float = floatLimit * (profile === "float_stressed" ? 0.15 : 0.5);
    let n = 0;
    let last = null;
    const txns = [];
    for (let m = activeFrom; m < activeTo; m++) {
      const intensity = {
        thriving: 60,
        steady: 35,
        float_stressed: 40,
        dormant: 20,
        declining: 45 * 0.88 ** m,
        new: 25,
      }[profile];
      const count = Math.max(3, Math.round(intensity * r.between(0.8, 1.2)));
      for (let k = 0; k < count; k++) {
        const cashIn = profile === "float_stressed" ? r.chance(0.65) : r.chance(0.5);
        txns.push({
          cashIn,
          amount: r.between(20, profile === "thriving" ? 3000 : 1200),
          date: dayInMonth(start, m, r, [6, 21]),
        });
      }
    }
    if (profile !== "dormant") txns.push(...recentDemand(r, profile, now));
    txns.sort((x, y) => x.date - y.date);
    const recentStart = now.getTime() - RECENT_DAYS * 86_400_000;
    let nextStressedTopUp = recentStart;
    const topUp = (amount, date) => {
      float += amount;
      transactions.push({
        externalId: `${agentId}-T${String(++n).padStart(5, "0")}`,
        externalSource: source,
        accountExternalId: account.externalId,
        agentId,
        type: "credit",
        category: "float_topup",
        amount: money(amount),
        currency: "GHS",
        description: "Float top-up from super-agent",
        status: "completed",
        transactionDate: iso(date),
        balanceAfter: money(float),
        channel: "bank",
      });
    };
    for (const t of txns) {
      if (t.date.getTime() >= recentStart) {
        if (profile === "float_stressed" && t.date.getTime() >= nextStressedTopUp) {
          topUp(Number(money(floatLimit * 0.05)), new Date(t.date.getTime() - 60_000));
          nextStressedTopUp = t.date.getTime() + 6 * 86_400_000;
        } else if (profile !== "float_stressed" && float < floatLimit * 0.2) {
          topUp(Number(money(floatLimit * 0.6 - float)), new Date(t.date.getTime() - 60_000));
        }
      }
      const amount = Number(money(t.amount));
      if (t.cashIn && float < amount) continue; // an agent cannot sell e-value it does not hold
      float += t.cashIn ? -amount : amount;
      last = t.date;
      transactions.push({
        externalId: `${agentId}-T${String(++n).padStart(5, "0")}`,
        externalSource: source,
        accountExternalId: account.externalId,
        agentId,
        type: t.cashIn ? "debit" : "credit",
        category: t.cashIn ? "cash_in" : "cash_out",
        amount: money(amount),
        currency: "GHS",
        description: t.cashIn ? "Customer cash-in" : "Customer cash-out",
        status: "completed",
        transactionDate: iso(t.date),
        balanceAfter: money(float),
        channel: "cash",
      });
    }
    accounts.push({ ...account, currentBalance: money(float), availableBalance: money(float) });
    agents.push({
      agentId,
      externalSource: source,
      externalId: agentId,
      agentCode: `AC${String(i + 1).padStart(4, "0")}`,
      agentName: name,
      agentType: tier === "super" ? "super_agent" : r.chance(0.2) ? "corporate" : "individual",
      agentTier: tier,
      agentStatus: profile === "dormant" ? "inactive" : profile === "new" ? "pending_verification" : "active",
      floatBalance: Number(money(float)),
      floatLimit,
      currency: "GHS",
      region,
      servesRegions: [region],
      activatedAt: iso(new Date(start.getTime() + activeFrom * 30 * 86_400_000)),
      ...(last ? { lastTransactionAt: iso(last) } : {}),
    });
  }
  return { customers, accounts, transactions, agents, stories };
}

export function merge(...parts) {
  const out = { customers: [], accounts: [], transactions: [], agents: [], stories: {} };
  for (const p of parts) {
    for (const k of ["customers", "accounts", "transactions", "agents"]) out[k].push(...p[k]);
    for (const [s, n] of Object.entries(p.stories)) out.stories[s] = (out.stories[s] ?? 0) + n;
  }
  return out;
}
