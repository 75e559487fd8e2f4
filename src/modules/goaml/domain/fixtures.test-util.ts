/** Demo-like (anonymised) Ghanaian data for the goAML report tests. */

import { readFileSync } from "node:fs";
import { validateXML } from "xmllint-wasm";
import type { ClientAccountInput, PersonInput } from "./parties";
import type { ReportingEntityInput, TransactionInput } from "./report";

// Tests run from the repository root (vitest's root).
const XSD = readFileSync("test/fixtures/goaml/goAMLSchema.xsd", "utf8");

/** Full XSD validation with libxml2 (xmllint-wasm), the reference for the runtime validator. */
export async function xsdValidate(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const result = await validateXML({
    xml: [{ fileName: "report.xml", contents: xml }],
    schema: [{ fileName: "goAMLSchema.xsd", contents: XSD }],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.message) };
}

export const reportingEntity: ReportingEntityInput = {
  rentityId: 1047,
  branch: "Head Office, Accra",
  institution: { name: "Adom Savings and Loans PLC", code: "ADSL-GH", nonBank: true },
  reportingPerson: {
    title: "Mrs",
    firstName: "Abena",
    lastName: "Owusu",
    email: "compliance@adom-savings.example",
    occupation: "Anti-Money Laundering Reporting Officer",
    phones: [{ contactType: "BU", communicationType: "L", countryPrefix: "233", number: "302123456" }],
  },
};

export const kwame: PersonInput = {
  gender: "M",
  firstName: "Kwame",
  middleName: "Yeboah",
  lastName: "Mensah",
  birthdate: "1984-06-12",
  idNumber: "GHA-721463598-4",
  nationality: "GH",
  residence: "GH",
  phones: [{ contactType: "PRSNL", communicationType: "M", countryPrefix: "233", number: "244555012" }],
  addresses: [
    {
      addressType: "RES",
      address: "House 14, Kotobabi Road",
      town: "Kotobabi",
      city: "Accra",
      countryCode: "GH",
      state: "Greater Accra",
    },
  ],
  occupation: "Trader",
  identifications: [
    {
      type: "PASSP",
      number: "G2204519",
      issueDate: "2019-03-01",
      expiryDate: "2029-02-28",
      issuedBy: "Ghana Passport Office",
      issueCountry: "GH",
    },
  ],
  taxRegistered: true,
  taxNumber: "P0012345678",
};

export const kwameAccount: ClientAccountInput = {
  branch: "Kaneshie Branch",
  accountNumber: "0041-2207-5531",
  currency: "GHS",
  accountName: "Kwame Y. Mensah",
  clientNumber: "CUST-88121",
  accountType: "C",
  opened: "2021-09-15",
  statusCode: "A",
  holder: kwame,
};

export const strTransactions: TransactionInput[] = [
  {
    id: "txn-2026-03-02-0001",
    location: "Kaneshie Branch",
    description: "Cash deposit at the counter",
    date: "2026-03-02T09:41:00Z",
    direction: "credit",
    amountMinor: 4_850_000,
    channel: "cash",
    client: kwameAccount,
  },
  {
    id: "txn-2026-03-02-0002",
    location: "Kaneshie Branch",
    description: "Cash deposit at the counter",
    date: "2026-03-02T15:05:00Z",
    direction: "credit",
    amountMinor: 4_900_000,
    channel: "cash",
    client: kwameAccount,
  },
  {
    id: "txn-2026-03-03-0007",
    description: "Transfer to Esi Boateng Enterprise",
    date: "2026-03-03T10:12:00Z",
    direction: "debit",
    amountMinor: 9_500_000,
    channel: "transfer",
    client: kwameAccount,
    counterparty: {
      kind: "account",
      institutionName: "Ghana Commercial Bank",
      institutionCode: "GCB-GH",
      accountNumber: "1021-3301-884",
      accountName: "Esi Boateng Enterprise",
      country: "GH",
    },
  },
];
