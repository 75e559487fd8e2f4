import { describe, expect, it } from "vitest";
import { isCountryCode, isCurrencyCode, toIsoInstant } from "../../../lib/record-values";
import { agentRecord, agentRow, describeIssues, transactionRecord, transactionRow } from "./records";

const txn = {
  externalId: "T1",
  externalSource: "core",
  accountExternalId: "A1",
  type: "credit",
  amount: "1250.5",
  currency: "ghs",
  transactionDate: "2026-01-31T10:00:00+01:00",
};

describe("transaction records", () => {
  it("normalises money to minor units, dates to UTC and codes to upper case", () => {
    const record = transactionRecord.parse({ ...txn, counterpartyCountry: "gh" });
    expect(transactionRow(record, { id: "acc", customerId: "cus" })).toEqual({
      externalId: "T1",
      externalSource: "core",
      accountId: "acc",
      customerId: "cus",
      type: "credit",
      amountMinor: 125050,
      currency: "GHS",
      transactionDate: "2026-01-31T09:00:00.000Z",
      counterpartyCountry: "GH",
    });
  });

  it("names every bad field", () => {
    const result = transactionRecord.safeParse({ ...txn, amount: "12.345", type: "refund", currency: "XXQ" });
    expect(result.success).toBe(false);
    const message = describeIssues(result.error!);
    expect(message).toMatch(/type: /);
    expect(message).toMatch(/amount: must be a decimal string/);
    expect(message).toMatch(/currency: must be an ISO 4217/);
  });

  it("refuses zero and negative amounts", () => {
    expect(transactionRecord.safeParse({ ...txn, amount: "0.00" }).success).toBe(false);
    expect(transactionRecord.safeParse({ ...txn, amount: "-1.00" }).success).toBe(false);
  });
});

describe("agent records", () => {
  it("defaults the external identity to api / agentId and accepts numbers or strings for float", () => {
    const record = agentRecord.parse({
      agentId: "AG1",
      agentCode: "C1",
      agentTier: "basic",
      agentStatus: "active",
      floatBalance: 10.5,
      floatLimit: "100.00",
    });
    expect(agentRow(record)).toMatchObject({
      externalSource: "api",
      externalId: "AG1",
      floatBalanceMinor: 1050,
      floatLimitMinor: 10000,
    });
  });
});

describe("values", () => {
  it("knows ISO codes", () => {
    expect(isCurrencyCode("GHS")).toBe(true);
    expect(isCurrencyCode("ABC")).toBe(false);
    expect(isCountryCode("NG")).toBe(true);
    expect(isCountryCode("QQ")).toBe(false);
  });

  it("reads instants with a timezone or plain dates, and nothing ambiguous", () => {
    expect(toIsoInstant("2026-02-01")).toBe("2026-02-01T00:00:00.000Z");
    expect(toIsoInstant("2026-02-30")).toBeNull();
    expect(toIsoInstant("2026-02-01T10:00:00")).toBeNull();
    expect(toIsoInstant("yesterday")).toBeNull();
  });
});
