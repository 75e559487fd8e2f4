// The generator's ledger: every movement becomes transaction records as a core system would
// export them. A transfer between two of the tenant's holders is two records, one on each
// account, each naming the other side by its account number (the account's externalId) and name,
// so the AML counterparty entity of a holder's account is that holder again.
import { money } from "./random.mjs";

export const SOURCE = "detect-bench";
export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * A ledger over [start, end): `records` are TransactionRecord payloads, `owner[i]` the holder id
 * of record i, `scheme[i]` the planted scheme it belongs to (null for ordinary activity).
 */
export function createLedger({ start, end }) {
  const records = [];
  const owner = [];
  const scheme = [];
  let seq = 0;
  // Times stay inside the history (a movement drawn past the end happens just before it), except
  // activity deliberately dated before the history (`prehistory`: a dormant account's last use).
  const clamp = (at, prehistory) =>
    prehistory ? Math.min(at, start - 1000) : Math.min(Math.max(at, start), end - 1000);

  /** One record on `holder`'s `account` (default its first). */
  function leg(holder, type, minor, at, fields = {}, tag = null) {
    const { account = holder.accounts[0], prehistory = false, ...rest } = fields;
    seq++;
    const record = {
      externalId: `T${String(seq).padStart(7, "0")}`,
      externalSource: SOURCE,
      accountExternalId: account,
      type,
      amount: money(minor),
      currency: "GHS",
      transactionDate: new Date(clamp(at, prehistory)).toISOString(),
      ...rest,
    };
    records.push(record);
    owner.push(holder.id);
    scheme.push(tag);
    return record.externalId;
  }

  const party = (holder, account = holder.accounts[0]) => ({
    counterpartyName: holder.name,
    counterpartyAccount: account,
  });

  return {
    records,
    owner,
    scheme,
    leg,
    /** Money between two holders: a debit on `from`, a credit on `to` seconds later. */
    transfer(from, to, minor, at, o = {}) {
      const fromAccount = o.fromAccount ?? from.accounts[0];
      const toAccount = o.toAccount ?? to.accounts[0];
      const common = { channel: o.channel ?? "mobile_money", category: o.category ?? "transfer" };
      leg(
        from,
        "debit",
        minor,
        at,
        {
          account: fromAccount,
          ...common,
          description: o.description ?? `Transfer to ${to.name}`,
          ...party(to, toAccount),
        },
        o.scheme,
      );
      leg(
        to,
        "credit",
        minor,
        at + 1000 * (1 + (minor % 29)),
        {
          account: toAccount,
          ...common,
          description: o.description ?? `Transfer from ${from.name}`,
          ...party(from, fromAccount),
        },
        o.scheme,
      );
    },
    /** Money between a holder and someone outside the tenant (`p`: name, account, country). */
    external(holder, type, minor, at, p, o = {}) {
      leg(
        holder,
        type,
        minor,
        at,
        {
          account: o.account,
          prehistory: o.prehistory,
          channel: o.channel ?? "mobile_money",
          category: o.category ?? "transfer",
          description: o.description ?? (type === "credit" ? `From ${p.name}` : `To ${p.name}`),
          counterpartyName: p.name,
          ...(p.account ? { counterpartyAccount: p.account } : {}),
          ...(p.country ? { counterpartyCountry: p.country } : {}),
        },
        o.scheme,
      );
    },
    /** Cash paid in at an agent: cash credit on the holder, e-float debit on the agent's wallet. */
    cashIn(holder, agent, minor, at, o = {}) {
      leg(
        holder,
        "credit",
        minor,
        at,
        {
          account: o.account,
          prehistory: o.prehistory,
          channel: "cash",
          category: "cash_deposit",
          description: "Cash in",
          agentId: agent.agentId,
          ...party(agent),
        },
        o.scheme,
      );
      if (!o.prehistory)
        leg(
          agent,
          "debit",
          minor,
          at + 2000,
          {
            channel: "mobile_money",
            category: "cash_in",
            description: `Cash in for ${holder.name}`,
            ...party(holder, o.account ?? holder.accounts[0]),
          },
          o.scheme,
        );
    },
    /** Cash taken out at an agent: cash debit on the holder, e-float credit on the agent's wallet. */
    cashOut(holder, agent, minor, at, o = {}) {
      leg(
        holder,
        "debit",
        minor,
        at,
        {
          account: o.account,
          channel: "cash",
          category: "cash_withdrawal",
          description: "Cash out",
          agentId: agent.agentId,
          ...party(agent),
        },
        o.scheme,
      );
      leg(
        agent,
        "credit",
        minor,
        at + 2000,
        {
          channel: "mobile_money",
          category: "cash_out",
          description: `Cash out for ${holder.name}`,
          ...party(holder, o.account ?? holder.accounts[0]),
        },
        o.scheme,
      );
    },
    /** A payment to a merchant holder: the payer's debit names the merchant; the merchant's credit is a sale. */
    pay(payer, merchant, minor, at, o = {}) {
      leg(
        payer,
        "debit",
        minor,
        at,
        {
          channel: "mobile_money",
          category: "purchase",
          description: `Payment to ${merchant.merchantName}`,
          merchantName: merchant.merchantName,
          ...party(merchant),
        },
        o.scheme,
      );
      leg(
        merchant,
        "credit",
        minor,
        at + 1000,
        {
          channel: "mobile_money",
          category: "sales",
          description: `Payment from ${payer.name}`,
          ...party(payer),
        },
        o.scheme,
      );
    },
    /** A purchase or bill at a merchant outside the tenant (named only: no account). */
    spend(holder, merchantName, minor, at, category = "purchase") {
      leg(holder, "debit", minor, at, {
        channel: "mobile_money",
        category,
        description: merchantName,
        merchantName,
      });
    },
  };
}

/** The instant `hours` into day `day` of a history that starts at `start`. */
export const instant = (start, day, hours) => start + day * DAY_MS + hours * HOUR_MS;

/** An agent's ingest record (the same shape in both generators): a float and a year of service. */
export const agentRecord = (h, start, source, region) => ({
  agentId: h.agentId,
  agentCode: h.agentId,
  agentName: h.name,
  agentTier: "standard",
  externalSource: source,
  agentStatus: "active",
  floatBalance: 20000,
  floatLimit: 50000,
  region,
  activatedAt: new Date(start - 400 * DAY_MS).toISOString(),
});
