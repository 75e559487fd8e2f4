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

describe("CTR", () => {
  it("takes cash at or above GH¢50,000.00 only, in time order", () => {
    const ids = qualifyingCashTransactions(GHANA_FIC_PROFILE, day).map((t) => t.id);
    // t-1 is one pesewa under the threshold; t-4 is not cash.
    expect(ids).toEqual(["t-3", "t-2"]);
  });

  it("builds one report for the day that the runtime validator accepts with the Ghana profile", () => {
    const result = buildCtr(GHANA_FIC_PROFILE, input);
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
