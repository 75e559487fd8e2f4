import { describe, expect, it } from "vitest";
import { asEvents, type CaseKindDefinition, caseKind, registerCaseKind } from "./service";

describe("case kind registry", () => {
  it("answers the definition a kind registered, and refuses a kind nobody registered", () => {
    expect(() => caseKind("aml")).toThrow(/aml is not registered/);
    const definition = { kind: "aml", name: "AML case" } as CaseKindDefinition;
    registerCaseKind(definition);
    expect(caseKind("aml")).toBe(definition);
  });

  it("asEvents answers one appended entry as the list every kind's work services answer", async () => {
    const action = async (caseId: string) => ({ case: { id: caseId }, event: { sequence: 2 } });
    expect(await asEvents(action)("c1")).toEqual({ case: { id: "c1" }, events: [{ sequence: 2 }] });
  });
});
