import { describe, expect, it } from "vitest";
import { STRUCTURING } from "./custom/examples";
import { defaultContent } from "./defaults";
import { mergeInput } from "./merge";

describe("mergeInput: a PUT changes only what it names", () => {
  const live = { ...defaultContent("aml"), custom: [STRUCTURING] };

  it("thresholds alone keep the base's custom rules and built-ins, other thresholds kept", () => {
    const merged = mergeInput(live, { thresholds: { largeCashAmount: 1234 } });
    expect(merged.custom).toEqual([STRUCTURING]);
    expect(merged.builtins).toEqual(live.builtins);
    expect(merged.thresholds).toEqual({ ...live.thresholds, largeCashAmount: 1234 });
  });

  it("a named built-in replaces its settings with its parameters laid over the base's", () => {
    const id = Object.keys(live.builtins)[0]!;
    const base = {
      ...live,
      builtins: { ...live.builtins, [id]: { ...live.builtins[id]!, parameters: { a: 1, b: 2 } } },
    };
    const merged = mergeInput(base, {
      builtins: { [id]: { enabled: false, severity: "low", parameters: { b: 3 }, weight: 1 } },
    });
    expect(merged.builtins?.[id]).toEqual({
      enabled: false,
      severity: "low",
      parameters: { a: 1, b: 3 },
      weight: 1,
    });
    expect(Object.keys(merged.builtins ?? {})).toEqual(Object.keys(live.builtins));
  });

  it("custom replaces the whole list when given (an empty list removes every rule)", () => {
    expect(mergeInput(live, { custom: [] }).custom).toEqual([]);
  });

  it("createCaseThreshold: kept from the base, replaced when given; fraud has no thresholds", () => {
    const fraud = { ...defaultContent("fraud"), createCaseThreshold: 50 };
    expect(mergeInput(fraud, {}).createCaseThreshold).toBe(50);
    expect(mergeInput(fraud, { createCaseThreshold: 20 }).createCaseThreshold).toBe(20);
    expect(mergeInput(fraud, {}).thresholds).toBeUndefined();
  });
});
