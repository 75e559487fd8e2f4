import { describe, expect, it } from "vitest";
import { type CounterpartyLeg, holderTransfers, outsideFlows } from "./network-input";

const holderOf = new Map([
  ["ACC-A", "alice"],
  ["ACC-A2", "alice"],
  ["ACC-B", "bob"],
]);
const leg = (
  id: string,
  customerId: string,
  type: "credit" | "debit",
  account: string,
  at: string,
  amount = 500_000,
) =>
  ({ id, customerId, type, amountMinor: amount, at, counterpartyAccount: account }) satisfies CounterpartyLeg;

describe("holder transfers from counterparty legs", () => {
  it("makes both legs of one internal transfer one edge, from the payer to the payee", () => {
    const legs = [
      leg("d1", "alice", "debit", "ACC-B", "2026-11-01T10:00:00Z"),
      leg("c1", "bob", "credit", "ACC-A", "2026-11-01T10:00:05Z"),
    ];
    expect(holderTransfers(legs, holderOf)).toEqual([
      { id: "d1", from: "alice", to: "bob", amountMinor: 500_000, at: "2026-11-01T10:00:00Z" },
    ]);
  });

  it("keeps a credit whose debit is not in the book, and two equal transfers as two edges", () => {
    const legs = [
      leg("d1", "alice", "debit", "ACC-B", "2026-11-01T10:00:00Z"),
      leg("c1", "bob", "credit", "ACC-A", "2026-11-01T10:00:00Z"),
      leg("c2", "bob", "credit", "ACC-A", "2026-11-01T12:00:00Z"),
      leg("c3", "alice", "credit", "ACC-B", "2026-11-03T09:00:00Z", 120_000),
    ];
    const ids = holderTransfers(legs, holderOf).map((t) => `${t.id}:${t.from}>${t.to}`);
    expect(ids).toEqual(["d1:alice>bob", "c2:alice>bob", "c3:bob>alice"]);
  });

  it("leaves out outsiders and transfers between a holder's own accounts", () => {
    const legs = [
      leg("o1", "alice", "debit", "GH-WALLET-0244", "2026-11-01T10:00:00Z"),
      leg("s1", "alice", "debit", "ACC-A2", "2026-11-01T10:00:00Z"),
    ];
    expect(holderTransfers(legs, holderOf)).toEqual([]);
  });

  it("answers cash and outsiders as flows in and out, never internal or unnamed non-cash legs", () => {
    const legs = [
      leg("x1", "alice", "debit", "ACC-B", "2026-11-01T10:00:00Z"),
      leg("o1", "alice", "debit", "GH-WALLET-0244", "2026-11-01T11:00:00Z"),
      { ...leg("k1", "bob", "credit", "", "2026-11-01T12:00:00Z"), counterpartyAccount: null, cash: 1 },
      { ...leg("n1", "bob", "credit", "", "2026-11-01T12:00:00Z"), counterpartyAccount: null, cash: 0 },
    ];
    expect(outsideFlows(legs, holderOf).map((f) => `${f.id}:${f.holderId}:${f.direction}:${f.kind}`)).toEqual(
      ["o1:alice:out:outside", "k1:bob:in:cash"],
    );
  });
});
