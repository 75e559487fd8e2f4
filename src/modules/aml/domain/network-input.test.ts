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

  it("makes cash at an agent who is a holder cash, and drops the agent wallet's leg for it", () => {
    const agents = new Map([...holderOf, ["W-AGENT", "agent"]]);
    const legs = [
      { ...leg("k1", "alice", "debit", "W-AGENT", "2026-11-01T10:00:00Z"), cash: 1 },
      leg("w1", "agent", "credit", "ACC-A", "2026-11-01T10:00:02Z"),
      { ...leg("k2", "bob", "credit", "W-AGENT", "2026-11-01T11:00:00Z"), cash: 1 },
      leg("w2", "agent", "debit", "ACC-B", "2026-11-01T11:00:02Z"),
      leg("w3", "agent", "debit", "ACC-B", "2026-11-02T11:00:02Z", 900_000),
    ];
    expect(holderTransfers(legs, agents).map((t) => t.id)).toEqual(["w3"]);
    expect(outsideFlows(legs, agents).map((f) => `${f.id}:${f.direction}:${f.kind}`)).toEqual([
      "k1:out:cash",
      "k2:in:cash",
    ]);
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
