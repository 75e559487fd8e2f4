import { describe, expect, it } from "vitest";
import { CUSTOMER, KYC_SUBJECT, REPORTING_ENTITY } from "../../../../test/goaml/demo";
import {
  type AccountFacts,
  clientAccount,
  counterpartyOf,
  holderOf,
  reasonOf,
  type TransactionFacts,
  transactionInputs,
} from "./case-input";
import { xsdValidate } from "./fixtures.test-util";
import { GHANA_FIC_PROFILE } from "./ghana-profile";
import { buildStr } from "./str";

// The rows the Worker reads for the workerd test (test/goaml/str.test.ts), as the STR service maps them.
const customer = { externalId: "CUST-88121", ...CUSTOMER };
const account: AccountFacts = {
  id: "acc-1",
  externalId: "0041-2207-5531",
  name: "Kwame Y. Mensah",
  type: "savings",
  status: "active",
  currency: "GHS",
  sourceCreatedAt: "2021-09-15T00:00:00.000Z",
  createdAt: "2026-01-01T00:00:00.000Z",
};
const tx = (over: Partial<TransactionFacts>): TransactionFacts => ({
  id: "t",
  externalId: "e",
  accountId: "acc-1",
  type: "credit",
  amountMinor: 6_000_000,
  currency: "GHS",
  description: "Cash deposit at the counter",
  category: null,
  transactionDate: "2026-03-02T09:41:00.000Z",
  channel: "cash",
  counterpartyName: null,
  counterpartyAccount: null,
  counterpartyCountry: null,
  ...over,
});
const rows = [
  tx({
    id: "t3",
    externalId: "txn-3",
    type: "debit",
    amountMinor: 9_500_000,
    channel: "transfer",
    transactionDate: "2026-03-03T10:12:00.000Z",
    description: "Transfer to Esi Boateng Enterprise",
    counterpartyName: "Esi Boateng Enterprise",
    counterpartyCountry: "GH",
  }),
  tx({ id: "t2", externalId: "txn-2", amountMinor: 5_500_000, transactionDate: "2026-03-02T15:05:00.000Z" }),
  tx({ id: "t1", externalId: "txn-1" }),
];
const caseFacts = {
  id: "0196a3c2-7d41-7c9e-9b1a-3f5e2d8c4b10",
  ruleId: "AML-LCT-001",
  ruleName: "Large cash transaction",
  explanation: "2 cash transactions at or above GHS 50,000.00 in the window.",
  evidence: [
    { field: "largeCashCount", observed: "2", threshold: "1", context: "cash at or above GHS 50,000.00" },
  ],
  windowStart: "2026-02-01T00:00:00.000Z",
  windowEnd: "2026-03-03T23:59:59.000Z",
};

function demoStr(kyc: typeof KYC_SUBJECT | undefined) {
  const holder = holderOf(customer, kyc);
  const client = clientAccount(GHANA_FIC_PROFILE, REPORTING_ENTITY, customer, account, holder);
  const { transactions, issues } = transactionInputs(GHANA_FIC_PROFILE, rows, () => client);
  expect(issues).toEqual([]);
  return buildStr(GHANA_FIC_PROFILE, {
    reportingEntity: REPORTING_ENTITY,
    caseId: caseFacts.id,
    reason: reasonOf("Two large cash deposits within two days followed by a transfer out.", caseFacts),
    transactions,
    fired: { amlRuleIds: [caseFacts.ruleId] },
    generatedAt: "2026-03-03T16:30:00Z",
  });
}

describe("STR from our rows (the service's mapping)", () => {
  it("validates against the goAML 5.0.2 XSD with the KYC facts", async () => {
    const result = demoStr(KYC_SUBJECT);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const verdict = await xsdValidate(result.xml);
    expect(verdict.errors).toEqual([]);
    expect(verdict.valid).toBe(true);
  });

  it("without them, both validators refuse, the runtime one naming the missing elements", async () => {
    const result = demoStr(undefined);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const named = result.issues.map((i) => `${i.path}: ${i.message}`).join("\n");
    for (const field of ["gender", "birthdate", "id_number", "identification"])
      expect(named).toContain(field);
    // No invented values: the tax number comes from the customer row, the names from its name.
    const holder = holderOf(customer);
    expect(holder).toMatchObject({
      firstName: "Kwame",
      lastName: "Mensah",
      taxNumber: "P0012345678",
      taxRegistered: true,
    });
    expect(holder).not.toHaveProperty("birthdate");
  });
});

describe("the counterparty's account", () => {
  const transfer = (over: Partial<TransactionFacts>) =>
    tx({ id: "t9", externalId: "txn-9", type: "debit", channel: "transfer", ...over });
  const client = () =>
    clientAccount(GHANA_FIC_PROFILE, REPORTING_ENTITY, customer, account, holderOf(customer, KYC_SUBJECT));
  const build = (row: TransactionFacts, own?: (n: string) => { accountName: string } | undefined) => {
    const { transactions } = transactionInputs(GHANA_FIC_PROFILE, [row], client, {
      institution: REPORTING_ENTITY.institution,
      ...(own ? { ownAccount: own } : {}),
    });
    return buildStr(GHANA_FIC_PROFILE, {
      reportingEntity: REPORTING_ENTITY,
      caseId: caseFacts.id,
      reason: "r",
      transactions,
      fired: { amlRuleIds: ["AML-RMF-003"] },
      generatedAt: "2026-03-03T16:30:00Z",
    });
  };

  it("an account elsewhere: the entity by name, its account number in the comments (XSD-valid)", async () => {
    const row = transfer({
      counterpartyName: "Esi Boateng Enterprise",
      counterpartyAccount: "0244-555-0101",
    });
    expect(counterpartyOf(row, REPORTING_ENTITY.institution, () => undefined)).toEqual({
      kind: "entity",
      name: "Esi Boateng Enterprise",
      comments: "Account number: 0244-555-0101",
    });
    const result = build(row);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.xml).toContain("<comments>Account number: 0244-555-0101</comments>");
    expect((await xsdValidate(result.xml)).errors).toEqual([]);
  });

  it("an account of our own book: a t_account at the reporting institution (XSD-valid)", async () => {
    const row = transfer({ counterpartyName: null, counterpartyAccount: "0041-3300-7788" });
    const result = build(row, (n) => (n === "0041-3300-7788" ? { accountName: "Abena Owusu" } : undefined));
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.xml).toMatch(
      /<to_account>[\s\S]*<account>0041-3300-7788<\/account>\s*<account_name>Abena Owusu<\/account_name>/,
    );
    expect((await xsdValidate(result.xml)).errors).toEqual([]);
  });

  it("no account: the entity by name only, as before", () => {
    expect(counterpartyOf(transfer({ counterpartyName: "Esi Boateng Enterprise" }))).toEqual({
      kind: "entity",
      name: "Esi Boateng Enterprise",
    });
  });
});
