import { describe, expect, it } from "vitest";
import { kwameAccount, reportingEntity, strTransactions, xsdValidate } from "./fixtures.test-util";
import { GHANA_FIC_PROFILE } from "./ghana-profile";
import { buildStr, type StrInput } from "./str";
import { escapeAttribute, escapeText, serialize, XmlCharacterError } from "./xml";

const input: StrInput = {
  reportingEntity,
  caseId: "case-hostile",
  reason: "Suspicion formed on review.",
  transactions: strTransactions,
  fired: { amlRuleIds: ["AML-STR-002"] },
  generatedAt: "2026-03-03T16:30:00Z",
};

const issuesOf = (extra: Partial<StrInput>) => {
  const result = buildStr(GHANA_FIC_PROFILE, { ...input, ...extra });
  if (result.ok) throw new Error("expected a refusal");
  return result.issues;
};

describe("hostile text", () => {
  it("escapes XML metacharacters in free text, and the report still validates", async () => {
    const reason = `Customer wrote "<script>alert('x')</script> & ]]> <!-- --> <?pi?>" on the slip`;
    const result = buildStr(GHANA_FIC_PROFILE, { ...input, reason });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.xml).toContain(
      `<reason>Customer wrote "&lt;script&gt;alert('x')&lt;/script&gt; &amp; ]]&gt; &lt;!-- --&gt; &lt;?pi?&gt;" on the slip</reason>`,
    );
    expect(result.xml).not.toContain("<script>");
    expect((await xsdValidate(result.xml)).valid).toBe(true);
  });

  it("keeps a carriage return as a character reference so it survives parsing", () => {
    expect(escapeText("a\r\nb")).toBe("a&#13;\nb");
  });

  it.each([
    ["NUL", "\u0000"],
    ["a C0 control (SOH)", "\u0001"],
    ["escape (ESC)", "\u001b"],
    ["a lone surrogate", "\ud800"],
    ["U+FFFE", "\ufffe"],
  ])("refuses %s in the reason, naming the field", (_label, ch) => {
    const cp = ch.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0");
    expect(issuesOf({ reason: `before${ch}after` })).toEqual([
      { path: "report/reason", message: `contains a character XML 1.0 forbids (U+${cp})` },
    ]);
  });

  it("refuses a control character deep in a transaction, with its path", () => {
    const transactions = [
      strTransactions[0],
      { ...strTransactions[1], description: "cash\u0007deposit" },
    ] as typeof strTransactions;
    expect(issuesOf({ transactions })).toEqual([
      {
        path: "report/transaction[2]/transaction_description",
        message: "contains a character XML 1.0 forbids (U+0007)",
      },
    ]);
  });

  it("refuses text longer than the schema allows, naming the field and the limit", () => {
    expect(issuesOf({ reason: "x".repeat(8001) })).toEqual([
      { path: "report/reason", message: "is longer than 8000 characters (8001)" },
    ]);
    expect(issuesOf({ caseId: "c".repeat(256) })).toEqual([
      { path: "report/entity_reference", message: "is longer than 255 characters (256)" },
    ]);
  });

  it("counts characters, not UTF-16 units: 8,000 emoji are within the limit", async () => {
    const result = buildStr(GHANA_FIC_PROFILE, { ...input, reason: "😀".repeat(8000) });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect((await xsdValidate(result.xml)).valid).toBe(true);
  });

  it("refuses markup in a name field (the schema's name pattern), naming the field", async () => {
    const holder = { ...kwameAccount.holder, firstName: "Kwame<b>" };
    const transactions = [
      { ...strTransactions[0], client: { ...kwameAccount, holder } },
    ] as typeof strTransactions;
    const issues = issuesOf({ transactions });
    expect(issues).toContainEqual({
      path: "report/transaction/t_to_my_client/to_account/signatory/t_person/first_name",
      message: "does not match the pattern [a-zA-Z0-9 .'-]*",
    });
  });

  it("escapes attributes, whitespace included, and refuses forbidden characters there too", () => {
    expect(escapeAttribute(`a"b'c<d>&\t\n`)).toBe("a&quot;b&apos;c&lt;d&gt;&amp;&#9;&#10;");
    expect(() => serialize({ name: "x", attrs: { note: "\u0000" } })).toThrow(XmlCharacterError);
    expect(() => serialize({ name: "x", attrs: { note: "\u0000" } })).toThrow(
      "x/@note: contains a character XML 1.0 forbids (U+0000)",
    );
  });

  it("refuses element names that are not plain names", () => {
    expect(() => serialize({ name: "a b", text: "" })).toThrow("not an XML name");
  });
});
