/**
 * An agent's float legs (docs/methodology/fraud.md#agent-float): the e-float an agent buys from or
 * returns to its bank or super-agent, and the wallet's side of the cash-ins and cash-outs it serves
 * (a cash-in spends e-float: the wallet's debit labelled `cash_in`; a cash-out refills it: its
 * credit labelled `cash_out`; a customer's own legs run the other way). This money is the agent's
 * working stock, bought before cash-ins and swept back after cash-outs: read as money passing
 * through, it made every busy agent a pass-through (5 of 50 on the detection benchmark, with
 * `rapid_pass_through` and AML-RMF-003). Pure: the SQL reading (data/read-model.ts) is built from
 * the same lists.
 */

/** Categories (lower case) of float management; a customer's own top-up from a bank is not one. */
export const FLOAT_CATEGORIES = [
  "float_topup",
  "float_top_up",
  "float_purchase",
  "float_rebalance",
  "float_transfer",
  "float_sweep",
  "float_return",
  "rebalance",
  "rebalancing",
] as const;

/** The category an agent's wallet leg carries for a customer's cash-in (a debit) or cash-out (a credit). */
export const CASH_SERVICE = { debit: "cash_in", credit: "cash_out" } as const;

const FLOAT = new Set<string>(FLOAT_CATEGORIES);

/**
 * Whether a leg is agent float: its category with spaces trimmed and ASCII letters in lower case
 * (as SQLite's trim() and lower() read it, so the SQL and this agree on every value).
 */
export function isAgentFloatLeg(type: string, category: string | null): boolean {
  if (category === null) return false;
  const c = category.replace(/^ +| +$/g, "").replace(/[A-Z]/g, (x) => x.toLowerCase());
  return (
    FLOAT.has(c) ||
    (type === "debit" && c === CASH_SERVICE.debit) ||
    (type === "credit" && c === CASH_SERVICE.credit)
  );
}
