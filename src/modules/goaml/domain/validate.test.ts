import { describe, expect, it } from "vitest";
import { reportingEntity, strTransactions, xsdValidate } from "./fixtures.test-util";
import { GHANA_FIC_PROFILE } from "./ghana-profile";
import { buildStr } from "./str";
import { validateReport } from "./validate";
import { serialize, type XmlElement } from "./xml";

const built = buildStr(GHANA_FIC_PROFILE, {
  reportingEntity,
  caseId: "case-1",
  reason: "Structuring below the CTR threshold.",
  transactions: strTransactions,
  fired: { amlRuleIds: ["AML-STR-002"] },
  generatedAt: "2026-03-03T16:30:00Z",
});
if (!built.ok) throw new Error(JSON.stringify(built.issues));
const valid = built.tree;

const children = (node: XmlElement) => node.children ?? [];
const withChildren = (node: XmlElement, kids: XmlElement[]): XmlElement => ({ ...node, children: kids });
const without = (name: string) =>
  withChildren(
    valid,
    children(valid).filter((c) => c.name !== name),
  );
const replaced = (name: string, text: string) =>
  withChildren(
    valid,
    children(valid).map((c) => (c.name === name ? { name, text } : c)),
  );
const swapped = (a: string, b: string) => {
  const kids = [...children(valid)];
  const i = kids.findIndex((c) => c.name === a);
  const j = kids.findIndex((c) => c.name === b);
  [kids[i], kids[j]] = [kids[j] as XmlElement, kids[i] as XmlElement];
  return withChildren(valid, kids);
};
const inFirstTransaction = (edit: (t: XmlElement) => XmlElement) =>
  withChildren(
    valid,
    children(valid).map((c) => (c === children(valid).find((k) => k.name === "transaction") ? edit(c) : c)),
  );

// Broken reports and what the runtime validator must say; the XSD must refuse each too.
const broken: [string, XmlElement, { path: string; message: string }][] = [
  [
    "missing rentity_id",
    without("rentity_id"),
    { path: "report", message: "missing rentity_id (found rentity_branch)" },
  ],
  [
    "rentity_id 0",
    replaced("rentity_id", "0"),
    { path: "report/rentity_id", message: "must be an integer from 1 to 2147483647" },
  ],
  [
    "no transaction",
    without("transaction"),
    { path: "report", message: "missing transaction (found report_indicators)" },
  ],
  [
    "elements out of order",
    swapped("submission_date", "currency_code_local"),
    { path: "report", message: "missing submission_date (found currency_code_local)" },
  ],
  [
    "unknown currency",
    replaced("currency_code_local", "GHC"),
    { path: "report/currency_code_local", message: '"GHC" is not a code of currency_type' },
  ],
  [
    "bad submission date",
    replaced("submission_date", "2026-02-30T10:00:00"),
    { path: "report/submission_date", message: "must be a date-time YYYY-MM-DDThh:mm:ss from 1753-01-01" },
  ],
  [
    "amount with 14 fraction digits",
    inFirstTransaction((t) =>
      withChildren(
        t,
        children(t).map((c) => (c.name === "amount_local" ? { name: c.name, text: "1.00000000000001" } : c)),
      ),
    ),
    {
      path: "report/transaction[1]/amount_local",
      message: "must be a decimal within ±7,900,000,000,000,000, 13 fraction digits at most",
    },
  ],
  [
    "an element the schema does not know",
    withChildren(valid, [...children(valid), { name: "comment", text: "x" }]),
    { path: "report/comment", message: "element not expected here" },
  ],
];

describe("validateReport", () => {
  it("accepts the generated STR, as the XSD does", async () => {
    expect(validateReport(valid)).toEqual([]);
    expect((await xsdValidate(serialize(valid))).valid).toBe(true);
  });

  it("reports missing rentity_id alone", () => {
    expect(validateReport(without("rentity_id"))).toEqual([broken[0]?.[2]]);
  });

  it.each(broken)(
    "refuses a report with %s, with its message, and so does the XSD",
    async (_label, tree, issue) => {
      expect(validateReport(tree)).toContainEqual(issue);
      const verdict = await xsdValidate(serialize(tree));
      expect(verdict.valid).toBe(false);
    },
  );

  it("takes the FIU's code lists in place of the reference lists", () => {
    const ctr = replaced("report_code", "CTR");
    expect(validateReport(ctr)).toEqual([
      { path: "report/report_code", message: '"CTR" is not a code of report_type' },
    ]);
    expect(validateReport(ctr, { report_type: ["STR", "CTR"] })).toEqual([]);
  });
});
