import { describe, expect, it } from "vitest";
import { CASE_TRANSACTIONS_MAX, counterpartyKey, mergeTransactionIds } from "./counterparty";

describe("counterparty keys", () => {
  it("ignores case, accents, punctuation and spacing, and nothing else", () => {
    expect(counterpartyKey("  KOJO  MENSA LTD. ")).toBe("kojo mensa ltd");
    expect(counterpartyKey("Kojo Mensa Ltd")).toBe(counterpartyKey("kojo-mensa, ltd"));
    expect(counterpartyKey("Amélie O'Brien")).toBe("amelie obrien");
    expect(counterpartyKey("Kwadwo Mensah")).not.toBe(counterpartyKey("Kojo Mensa"));
  });

  it("keeps a name of punctuation only, and at most 200 characters", () => {
    expect(counterpartyKey("???")).toBe("???");
    expect(counterpartyKey("a".repeat(300))).toHaveLength(200);
  });
});

describe("a case's transaction ids", () => {
  it("puts the newest first, drops repeats and keeps the 50 most recent", () => {
    expect(mergeTransactionIds(["t3", "t1"], ["t1", "t0"])).toEqual(["t3", "t1", "t0"]);
    const held = Array.from({ length: CASE_TRANSACTIONS_MAX }, (_, i) => `old${i}`);
    const merged = mergeTransactionIds(["new"], held);
    expect(merged).toHaveLength(CASE_TRANSACTIONS_MAX);
    expect(merged[0]).toBe("new");
    expect(merged).not.toContain(`old${CASE_TRANSACTIONS_MAX - 1}`);
  });
});
