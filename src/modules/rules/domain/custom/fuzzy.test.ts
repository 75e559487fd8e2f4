import { describe, expect, it } from "vitest";
import { bestFuzzyMatch, fuzzyKey, jaro, jaroWinkler } from "./fuzzy";

describe("Jaro-Winkler", () => {
  it("gives the textbook figures (MARTHA/MARHTA, DWAYNE/DUANE, DIXON/DICKSONX)", () => {
    // Jaro: 3 matches of 6 with 1 transposition -> (1 + 1 + 5/6) / 3 = 0.9444; prefix "mar" (3).
    expect(jaro("martha", "marhta")).toBeCloseTo(0.9444, 4);
    expect(jaroWinkler("martha", "marhta")).toBeCloseTo(0.9444 + 3 * 0.1 * (1 - 0.9444), 3);
    expect(jaroWinkler("dwayne", "duane")).toBeCloseTo(0.84, 2);
    expect(jaroWinkler("dixon", "dicksonx")).toBeCloseTo(0.8133, 3);
    expect(jaroWinkler("abc", "xyz")).toBe(0);
    expect(jaroWinkler("same", "same")).toBe(1);
  });

  it("normalizes case, accents, punctuation and word order", () => {
    expect(fuzzyKey("  MENSAH,  Abéna ")).toBe("abena mensah");
    expect(fuzzyKey("Kofi-Traders Ltd.")).toBe("kofi ltd traders");
  });

  it("answers the best entry at or above the threshold, with its score", () => {
    const entries = ["Abena Mensah", "Kwame Nkrumah", "Yaw Darko"];
    expect(bestFuzzyMatch(["Mensah Abena"], entries, 0.9)).toEqual({
      value: "Mensah Abena",
      entry: "Abena Mensah",
      score: 1,
    });
    const typo = bestFuzzyMatch(["Kwame Nkruma", "Ama Serwaa"], entries, 0.9);
    expect(typo?.entry).toBe("Kwame Nkrumah");
    expect(typo?.score).toBeGreaterThan(0.9);
    expect(typo?.score).toBeLessThan(1);
    expect(bestFuzzyMatch(["Ama Serwaa"], entries, 0.9)).toBeNull();
    expect(bestFuzzyMatch([""], entries, 0.5)).toBeNull();
  });
});
