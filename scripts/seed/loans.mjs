// Demo loans for `npm start`: a lending book with the repayment stories a lender meets
// (docs/methodology/lending.md#demo-data). Deterministic (seeded), dates relative to `now`, so
// the arrears are the same whenever the demo is started: loans are seeded once, and their
// days past due then move with the calendar like a real book.
import { rng } from "./random.mjs";

const DAY = 86_400_000;
const PERIOD_DAYS = 30; // installments every 30 days

/** Story -> how many loans tell it. */
export const LOAN_STORIES = {
  on_time: 26, // every installment paid on its due date
  late_then_recovered: 10, // one installment missed, paid with the next 5 days after that one's due date
  early_arrears: 8, // the latest installment (due 5-25 days ago) is not paid yet: 1-30 days
  arrears_31_60: 5, // two installments behind, the older one 35-55 days ago
  defaulting: 5, // paid the first two, nothing since: 90+ days
  repaid: 6, // a short loan paid off in full
};

const BRANCHES = ["Accra Central", "Kaneshie", "Tema", "Madina"];
const OFFICERS = ["Ama Owusu", "Kojo Mensah", "Efua Asante"];
const PRODUCTS = ["SME working capital", "Micro loan", "Asset finance"];

const iso = (ms) => new Date(ms).toISOString().slice(0, 10);
const money = (minor) => (minor / 100).toFixed(2);

/** Equal principal per installment (the last takes the rounding), 2% of principal a month as interest. */
function schedule(principalMinor, count, disbursedMs) {
  const each = Math.floor(principalMinor / count);
  const interest = Math.round(principalMinor * 0.02);
  return Array.from({ length: count }, (_, k) => ({
    seq: k + 1,
    dueMs: disbursedMs + (k + 1) * PERIOD_DAYS * DAY,
    principal: k === count - 1 ? principalMinor - each * (count - 1) : each,
    interest,
    fee: k === 0 ? Math.round(principalMinor * 0.01) : 0,
  }));
}
const dueTotal = (i) => i.principal + i.interest + i.fee;

/**
 * Loans for the first customers of `customers` (one each), with the cash repayments of each
 * story; allocation to installments is the API's (oldest first), as for a real core banking feed.
 */
export function generateLoans({ seed, customers, source, now, prefix }) {
  const r = rng(seed);
  const today = Date.parse(`${iso(now.getTime())}T00:00:00Z`);
  const loans = [];
  const repayments = [];
  const storyOf = {};
  let c = 0;
  for (const [story, count] of Object.entries(LOAN_STORIES)) {
    for (let n = 0; n < count && c < customers.length; n++) {
      const customer = customers[c++];
      const externalId = `${prefix}-LN-${String(c).padStart(4, "0")}`;
      storyOf[externalId] = story;
      const terms = story === "repaid" ? 4 : 12;
      // How many installments are due by today decides the disbursement date.
      const elapsed = {
        on_time: r.int(2, 10),
        late_then_recovered: r.int(5, 10),
        early_arrears: r.int(2, 8),
        arrears_31_60: r.int(3, 8),
        defaulting: 7,
        repaid: 4,
      }[story];
      // The latest due installment fell due `lag` days ago (early arrears: 5-25; others: 1-29).
      const lag = story === "early_arrears" || story === "arrears_31_60" ? r.int(5, 25) : r.int(1, 29);
      const disbursedMs = today - lag * DAY - elapsed * PERIOD_DAYS * DAY;
      const principal = r.int(20, 200) * 10_000; // 2,000.00 - 20,000.00
      const plan = schedule(principal, terms, disbursedMs);
      const due = plan.filter((i) => i.dueMs < today);
      const pay = (ms, minor, tag) =>
        repayments.push({
          externalId: `${externalId}-R${tag}`,
          externalSource: source,
          loanExternalId: externalId,
          amount: money(minor),
          currency: "GHS",
          paidOn: iso(Math.min(ms, today)),
        });
      if (story === "late_then_recovered") {
        const missed = r.int(1, due.length - 3);
        due.forEach((inst, k) => {
          if (k === missed) return;
          const amount = k === missed + 1 ? dueTotal(inst) + dueTotal(due[missed]) : dueTotal(inst);
          pay(inst.dueMs + (k === missed + 1 ? 5 * DAY : 0), amount, k + 1);
        });
      } else {
        // Installments paid on their due dates; the rest of what is due stays unpaid.
        const unpaid = { early_arrears: 1, arrears_31_60: 2, defaulting: due.length - 2 }[story] ?? 0;
        for (const [k, inst] of due.slice(0, due.length - unpaid).entries())
          pay(inst.dueMs, dueTotal(inst), k + 1);
      }
      loans.push({
        externalId,
        externalSource: source,
        customerExternalId: customer.externalId,
        customerExternalSource: customer.externalSource,
        product: r.pick(PRODUCTS),
        principal: money(principal),
        interestRate: "24",
        termCount: terms,
        termUnit: "months",
        disbursementDate: iso(disbursedMs),
        branch: r.pick(BRANCHES),
        officer: r.pick(OFFICERS),
        currency: "GHS",
        schedule: plan.map((i) => ({
          seq: i.seq,
          dueDate: iso(i.dueMs),
          principal: money(i.principal),
          interest: money(i.interest),
          fee: money(i.fee),
        })),
      });
    }
  }
  return { loans, repayments, storyOf };
}
