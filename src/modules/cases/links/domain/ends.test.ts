import { describe, expect, it } from "vitest";
import { canonicalPair, type End, entryText, otherEnd } from "./ends";

const fraud: End = { kind: "fraud_case", id: "0193a1b2-0000-7000-8000-000000000002" };
const aml: End = { kind: "aml_case", id: "0193a1b2-0000-7000-8000-000000000009" };
const alert: End = { kind: "alert", id: "0193a1b2-0000-7000-8000-000000000001" };

describe("link ends", () => {
  it("store a pair the same way whichever end asked", () => {
    expect(canonicalPair(fraud, aml)).toEqual(canonicalPair(aml, fraud));
    // Kind decides first ("alert" < "aml_case" < "fraud_case"), then the id.
    expect(canonicalPair(fraud, alert)).toEqual([alert, fraud]);
    const other = { kind: "fraud_case" as const, id: "0193a1b2-0000-7000-8000-000000000000" };
    expect(canonicalPair(fraud, other)).toEqual([other, fraud]);
  });

  it("show each end the other one", () => {
    const [a, b] = canonicalPair(fraud, aml);
    const row = { aKind: a.kind, aId: a.id, bKind: b.kind, bId: b.id };
    expect(otherEnd(row, fraud)).toEqual(aml);
    expect(otherEnd(row, aml)).toEqual(fraud);
  });

  it("describe the link for the case log", () => {
    expect(entryText("linked", aml)).toBe(`Linked to aml_case ${aml.id}`);
    expect(entryText("unlinked", alert, "duplicate")).toBe(`Unlinked from alert ${alert.id}: duplicate`);
  });
});
