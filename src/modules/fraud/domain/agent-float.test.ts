import { describe, expect, it } from "vitest";
import { isAgentFloatLeg } from "../../data/domain/agent-float";
import { findSignal } from "../../detection/domain/fraud/catalog";
import { evaluateSignals } from "./evaluate";
import { daysAgo, input, txn } from "./fixtures.test-util";
import type { Txn } from "./types";

const passThrough = (transactions: Txn[]) => {
  const result = evaluateSignals(input(transactions, { entityType: "account" }), [
    findSignal("rapid_pass_through")!,
  ]);
  return { triggered: result.triggeredSignals.length > 0 };
};

/** An agent's wallet over a few days: a float top-up spent on customers' cash-ins, a sweep after cash-outs. */
function agentWallet(): Txn[] {
  const rows: Txn[] = [];
  for (const day of [9, 6, 3]) {
    rows.push(txn({ at: daysAgo(day, 7), amountMinor: 2_000_000, type: "credit", category: "float_topup" }));
    for (let i = 0; i < 6; i++)
      rows.push(txn({ at: daysAgo(day, 9 + i), amountMinor: 300_000, type: "debit", category: "cash_in" }));
    for (let i = 0; i < 4; i++)
      rows.push(
        txn({ at: daysAgo(day - 1, 9 + i), amountMinor: 250_000, type: "credit", category: "cash_out" }),
      );
    rows.push(
      txn({ at: daysAgo(day - 1, 18), amountMinor: 1_000_000, type: "debit", category: "Float_Sweep" }),
    );
  }
  return rows;
}

describe("an agent's float is not money passing through", () => {
  it("knows float legs by category, and the wallet's side of cash service by its direction", () => {
    expect(isAgentFloatLeg("credit", "float_topup")).toBe(true);
    expect(isAgentFloatLeg("debit", " FLOAT_SWEEP ")).toBe(true);
    expect(isAgentFloatLeg("debit", "cash_in")).toBe(true); // the agent spends e-float on a cash-in
    expect(isAgentFloatLeg("credit", "cash_out")).toBe(true); // and gets it back on a cash-out
    // A customer's own cash-in is a credit, its cash-out a debit: money that can pass through.
    expect(isAgentFloatLeg("credit", "cash_in")).toBe(false);
    expect(isAgentFloatLeg("debit", "cash_out")).toBe(false);
    expect(isAgentFloatLeg("credit", "top_up")).toBe(false);
    expect(isAgentFloatLeg("credit", null)).toBe(false);
  });

  it("rapid_pass_through stays quiet on an agent's wallet, and fires on the same money without the float labels", () => {
    const quiet = passThrough(agentWallet());
    expect(quiet.triggered).toBe(false);
    const unlabelled = agentWallet().map((t) => ({ ...t, category: null }));
    expect(passThrough(unlabelled).triggered).toBe(true);
  });

  it("still fires on a customer's cash-in passed on within hours", () => {
    const rows = [
      txn({ at: daysAgo(5, 8), amountMinor: 900_000, type: "credit", category: "cash_in" }),
      txn({ at: daysAgo(5, 9), amountMinor: 880_000, type: "debit", category: "transfer" }),
      txn({ at: daysAgo(2, 8), amountMinor: 700_000, type: "credit", category: "cash_deposit" }),
      txn({ at: daysAgo(2, 10), amountMinor: 690_000, type: "debit", category: "transfer" }),
    ];
    expect(passThrough(rows).triggered).toBe(true);
  });
});
