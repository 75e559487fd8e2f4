import { describe, expect, it } from "vitest";
import { fromMinor } from "../../../lib/money";
import { reportingEntity, strTransactions, xsdValidate } from "./fixtures.test-util";
import { GHANA_FIC_PROFILE } from "./ghana-profile";
import { buildStr, type StrInput } from "./str";

const input: StrInput = {
  reportingEntity,
  caseId: "0196a3c2-7d41-7c9e-9b1a-3f5e2d8c4b10",
  reason:
    "Two cash deposits of GHS 48,500.00 and GHS 49,000.00 on 2 March 2026, each just under the GHS 50,000.00 CTR threshold, followed the next day by a transfer of GHS 95,000.00 to a third party.",
  action: "Account placed under enhanced monitoring; relationship under review.",
  transactions: strTransactions,
  fired: { amlRuleIds: ["AML-STR-002", "AML-RMF-003"], fraudSignalIds: ["just_under_threshold"] },
  generatedAt: "2026-03-03T16:30:00Z",
};

function built(extra: Partial<StrInput> = {}) {
  const result = buildStr(GHANA_FIC_PROFILE, { ...input, ...extra });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.xml;
}

describe("buildStr", () => {
  it("builds an STR from a case that validates against the goAML 5.0.2 schema", async () => {
    const xml = built();
    const verdict = await xsdValidate(xml);
    expect(verdict.errors).toEqual([]);
    expect(verdict.valid).toBe(true);
  });

  it("carries the case, the amounts in local currency and the indicators of the fired rules", () => {
    const xml = built();
    expect(xml).toContain(`<entity_reference>${input.caseId}</entity_reference>`);
    expect(xml).toContain("<report_code>STR</report_code>");
    expect(xml).toContain("<currency_code_local>GHS</currency_code_local>");
    for (const t of strTransactions)
      expect(xml).toContain(`<amount_local>${fromMinor(t.amountMinor)}</amount_local>`);
    expect(xml).toContain("<amount_local>48500.00</amount_local>");
    // ML002 comes from both the structuring rule and the fraud signal: listed once.
    const indicators = [...xml.matchAll(/<indicator>([^<]+)<\/indicator>/g)].map((m) => m[1]);
    expect(indicators).toEqual(["ML002", "QMOFS"]);
  });

  it("puts our client on the receiving side of a credit and on the sending side of a debit", () => {
    const xml = built();
    const [credit, , debit] = xml.split("<transaction>").slice(1);
    expect(credit).toMatch(/<t_from>[\s\S]*<from_person>[\s\S]*<t_to_my_client>[\s\S]*<to_account>/);
    expect(debit).toMatch(/<t_from_my_client>[\s\S]*<from_account>[\s\S]*<t_to>[\s\S]*<to_account>/);
    expect(debit).toContain("<account_name>Esi Boateng Enterprise</account_name>");
  });

  it("marks a resubmission with the rejected report's FIU reference, and still validates", async () => {
    const xml = built({ prevRejectedRefNumber: "GH-FIC-2026-000417" });
    expect(xml).toMatch(
      /<entity_reference>[^<]+<\/entity_reference>\n\s*<prev_rejected_ref_number>GH-FIC-2026-000417<\/prev_rejected_ref_number>\n\s*<submission_date>/,
    );
    expect((await xsdValidate(xml)).valid).toBe(true);
  });

  it("gives the same bytes for the same input", () => {
    expect(built()).toBe(built());
  });

  it("refuses a case whose rules map to no indicator (the schema needs one)", () => {
    // Without a default indicator, a rule with no entry and no typology maps to nothing.
    const { default: _none, ...map } = GHANA_FIC_PROFILE.indicatorMap;
    const bare = { ...GHANA_FIC_PROFILE, indicatorMap: map };
    const result = buildStr(bare, { ...input, fired: { amlRuleIds: ["AML-NOPE-999"] } });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues).toContainEqual({
        path: "report/report_indicators",
        message: "missing indicator (found the end)",
      });
  });
});
