import { describe, expect, it } from "vitest";
import { buildCtr, qualifyingCashTransactions } from "./ctr";
import type { FiuProfile } from "./fiu-profile";
import { kwameAccount, reportingEntity, xsdValidate } from "./fixtures.test-util";
import { GHANA_FIC_PROFILE } from "./ghana-profile";
import type { TransactionInput } from "./report";

const base = { client: kwameAccount, location: "Kaneshie Branch", description: "Cash at the counter" };
const day: TransactionInput[] = [
  {
    ...base,
    id: "t-1",
    date: "2026-03-05T10:00:00Z",
    direction: "credit",
    amountMinor: 4_999_999,
    channel: "cash",
  },
  {
    ...base,
    id: "t-2",
    date: "2026-03-05T11:30:00Z",
    direction: "credit",
    amountMinor: 5_000_000,
    channel: "cash",
  },
  {
    ...base,
    id: "t-3",
    date: "2026-03-05T09:15:00Z",
    direction: "debit",
    amountMinor: 12_000_000,
    channel: "CASH",
  },
  {
    ...base,
    id: "t-4",
    date: "2026-03-05T12:00:00Z",
    direction: "debit",
    amountMinor: 8_000_000,
    channel: "transfer",
  },
];
const input = { reportingEntity, day: "2026-03-05", transactions: day, generatedAt: "2026-03-06T01:00:00Z" };

/** The Ghana profile with the CTR's placeholder codes swapped for codes the reference XSD knows. */
const withSchemaCodes: FiuProfile = {
  ...GHANA_FIC_PROFILE,
  reportCodes: { ...GHANA_FIC_PROFILE.reportCodes, ctr: "STR" },
  ctr: { ...GHANA_FIC_PROFILE.ctr, indicatorCodes: ["FRQDW"] },
};

/** The Ghana profile with each transaction judged on its own (no aggregation). */
const perTransaction: FiuProfile = {
  ...GHANA_FIC_PROFILE,
  ctr: { ...GHANA_FIC_PROFILE.ctr, aggregation: "transaction" },
};

describe("CTR", () => {
  it("takes cash at or above GH¢50,000.00 only, in time order", () => {
    const ids = qualifyingCashTransactions(perTransaction, day).map((t) => t.id);
    // t-1 is one pesewa under the threshold; t-4 is not cash.
    expect(ids).toEqual(["t-3", "t-2"]);
  });

  it("builds one report for the day that the runtime validator accepts with the Ghana profile", () => {
    const result = buildCtr(perTransaction, input);
    if (result.ok !== true) throw new Error(JSON.stringify(result));
    expect(result.xml).toContain("<entity_reference>CTR-2026-03-05</entity_reference>");
    expect(result.xml).toContain("<report_code>CTR</report_code>");
    expect(result.xml.match(/<transaction>/g)).toHaveLength(2);
    expect(result.xml).toContain("<amount_local>120000.00</amount_local>");
    expect(result.xml).toContain("<amount_local>50000.00</amount_local>");
    expect(result.xml).not.toContain("<amount_local>49999.99</amount_local>");
  });

  it("fails the reference XSD only on the two placeholder codes (CTR, CTRTH)", async () => {
    const result = buildCtr(GHANA_FIC_PROFILE, input);
    if (result.ok !== true) throw new Error(JSON.stringify(result));
    const verdict = await xsdValidate(result.xml);
    expect(verdict.valid).toBe(false);
    expect(verdict.errors).toHaveLength(2);
    expect(verdict.errors[0]).toMatch(/Element 'report_code': \[facet 'enumeration'\] The value 'CTR'/);
    expect(verdict.errors[1]).toMatch(/Element 'indicator': \[facet 'enumeration'\] The value 'CTRTH'/);
  });

  it("validates against the reference XSD once those codes are ones the schema knows", async () => {
    const result = buildCtr(withSchemaCodes, input);
    if (result.ok !== true) throw new Error(JSON.stringify(result));
    const verdict = await xsdValidate(result.xml);
    expect(verdict.errors).toEqual([]);
    expect(verdict.valid).toBe(true);
  });

  it("files nothing for a day without qualifying cash", () => {
    expect(
      buildCtr(GHANA_FIC_PROFILE, {
        ...input,
        transactions: day.filter((t) => t.id !== "t-2" && t.id !== "t-3"),
      }),
    ).toEqual({
      ok: "empty",
    });
  });
});

describe("CTR aggregation per customer and business day", () => {
  const ama = { ...kwameAccount, accountNumber: "0041-9000-0001", clientNumber: "CUST-90001" };
  const cash = (
    id: string,
    client: typeof kwameAccount,
    direction: "credit" | "debit",
    amountMinor: number,
  ) => ({
    ...base,
    client,
    id,
    date: `2026-03-05T${String(8 + Number(id.slice(2))).padStart(2, "0")}:00:00Z`,
    direction,
    amountMinor,
    channel: "cash",
  });
  // Three same-day cash withdrawals of GH¢20,000.00 by one customer (GH¢60,000.00 in all).
  const three = ["w-1", "w-2", "w-3"].map((id) => cash(id, kwameAccount, "debit", 2_000_000));

  it("reports three withdrawals of GH¢20,000.00 by one customer (Ghana default: per direction)", () => {
    expect(GHANA_FIC_PROFILE.ctr.aggregation).toBe("subject_day_by_direction");
    expect(qualifyingCashTransactions(GHANA_FIC_PROFILE, three).map((t) => t.id)).toEqual([
      "w-1",
      "w-2",
      "w-3",
    ]);
    // Judged one by one, none would be.
    expect(qualifyingCashTransactions(perTransaction, three)).toEqual([]);
  });

  it("does not add up different customers, nor deposits with withdrawals unless configured", () => {
    const split = [
      cash("w-1", kwameAccount, "debit", 2_000_000),
      cash("w-2", ama, "debit", 2_000_000),
      cash("w-3", ama, "debit", 2_000_000),
      cash("w-4", kwameAccount, "credit", 2_500_000),
      cash("w-5", kwameAccount, "credit", 400_000),
    ];
    // Kwame: 20,000 out, 29,000 in; Ama: 40,000 out. Nobody reaches 50,000 in one direction.
    expect(qualifyingCashTransactions(GHANA_FIC_PROFILE, split)).toEqual([]);
    const together: FiuProfile = {
      ...GHANA_FIC_PROFILE,
      ctr: { ...GHANA_FIC_PROFILE.ctr, aggregation: "subject_day" },
    };
    // Kwame's 20,000 + 25,000 + 4,000 = 49,000: still under; with a threshold of 45,000 all three count.
    expect(qualifyingCashTransactions(together, split)).toEqual([]);
    const lower: FiuProfile = { ...together, ctr: { ...together.ctr, thresholdMinor: 4_500_000 } };
    expect(qualifyingCashTransactions(lower, split).map((t) => t.id)).toEqual(["w-1", "w-4", "w-5"]);
  });

  it("files the day's CTR with every transaction of a qualifying customer and says how it summed", () => {
    const result = buildCtr(GHANA_FIC_PROFILE, { ...input, transactions: three });
    if (result.ok !== true) throw new Error(JSON.stringify(result));
    expect(result.xml.match(/<transaction>/g)).toHaveLength(3);
    expect(result.xml).toContain(
      "summed per customer over the day, deposits and withdrawals each on their own",
    );
  });
});
