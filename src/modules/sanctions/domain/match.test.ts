import { describe, expect, it } from "vitest";
import {
  CONFIRMER_REACH,
  confirmDateOfBirth,
  confirmNationality,
  DEFAULT_THRESHOLD,
  DOB_EXACT,
  DOB_MISMATCH,
  NATIONALITY_MATCH,
  ScreeningIndex,
  WEAK_ALIAS_FACTOR,
} from "./match";
import { nameTokens } from "./normalize";
import { nameSimilarity } from "./similarity";
import type { SanctionsEntry } from "./types";

const entry = (ref: string, name: string, extra: Partial<SanctionsEntry> = {}): SanctionsEntry => ({
  ref,
  kind: "person",
  names: [{ name, strength: "primary" }],
  datesOfBirth: [],
  nationalities: [],
  programs: [],
  remarks: "",
  ...extra,
});

describe("ScreeningIndex", () => {
  const entries = [
    entry("A1", "Muhammad Abdul Rahman Hasan", {
      names: [
        { name: "Muhammad Abdul Rahman Hasan", strength: "primary" },
        { name: "Abu Hasan", strength: "weak" },
      ],
      datesOfBirth: ["1970-03-02"],
      nationalities: ["SY"],
    }),
    entry("A2", "Kwadwo Mensah Boateng", { datesOfBirth: ["1981"], nationalities: ["GH"] }),
    entry("A3", "Golden Star Trading LLC", { kind: "organisation" }),
  ];
  const index = new ScreeningIndex(entries);

  it("finds a transliterated, reordered name and says what matched", () => {
    const [hit] = index.screen({ name: "Hassan Mohamed Abdel-Rahman" });
    expect(hit?.entry.ref).toBe("A1");
    expect(hit?.matchedName).toBe("Muhammad Abdul Rahman Hasan");
    expect(hit?.matchedFields).toEqual(["name"]);
    expect(hit?.nameScore).toBe(1);
  });

  it("moves the score by date of birth and nationality", () => {
    const name = "Kojo Boateng";
    const base = nameSimilarity(nameTokens(name), nameTokens("Kwadwo Mensah Boateng")).score;
    const [plain] = index.screen({ name });
    const [confirmed] = index.screen({ name, dateOfBirth: "1981-06-01", nationality: "gh" });
    expect(plain?.score).toBeCloseTo(base, 4);
    expect(confirmed?.matchedFields).toEqual(["name", "dateOfBirth", "nationality"]);
    expect(confirmed?.dateOfBirth).toBe("partial");
    expect(confirmed?.score).toBeCloseTo(Math.min(1, base + 0.03 + NATIONALITY_MATCH), 4);
    // Born in 1990: the name alone no longer reaches the threshold.
    const far = index.screen({ name, dateOfBirth: "1990-01-01" }, base - 0.01);
    expect(far).toEqual([]);
  });

  it("discounts a weak alias", () => {
    const [hit] = index.screen({ name: "Abu Hasan" }, 0.5);
    expect(hit?.nameStrength).toBe("weak");
    expect(hit?.matchedFields).toEqual(["weakAlias"]);
    expect(hit?.score).toBeCloseTo(WEAK_ALIAS_FACTOR, 4);
    expect(index.screen({ name: "Abu Hasan" }, 0.95)).toEqual([]);
  });

  it("skips entries of another kind when the kind is given", () => {
    expect(index.screen({ name: "Golden Star Trading Ltd" })[0]?.entry.ref).toBe("A3");
    expect(index.screen({ name: "Golden Star Trading Ltd", kind: "person" })).toEqual([]);
  });

  it("finds what scoring every name would find (blocking loses no hit at the default threshold)", () => {
    const pool = [
      "Kwame",
      "Kwaku",
      "Mensah",
      "Owusu",
      "Ahmad",
      "Ali",
      "Hasan",
      "Yusuf",
      "Boateng",
      "Qasim",
      "Sergei",
      "Ivanov",
    ];
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = () => pool[Math.floor(rnd() * pool.length)] as string;
    const typo = (w: string) => (rnd() < 0.3 ? w.slice(0, -1) : w);
    const many = Array.from({ length: 300 }, (_, i) =>
      entry(`E${i}`, `${pick()} ${pick()} ${rnd() < 0.5 ? pick() : ""}`),
    );
    const big = new ScreeningIndex(many);
    for (let q = 0; q < 100; q++) {
      const name = `${typo(pick())} ${typo(pick())}`;
      const expected = many
        .filter(
          (e) =>
            nameSimilarity(nameTokens(name), nameTokens(e.names[0]?.name ?? "")).score >= DEFAULT_THRESHOLD,
        )
        .map((e) => e.ref)
        .sort();
      const found = big
        .screen({ name })
        .map((h) => h.entry.ref)
        .sort();
      expect(found, name).toEqual(expected);
    }
  });

  it("answers nothing for an empty name", () => {
    expect(index.screen({ name: "  " })).toEqual([]);
  });
});

describe("confirmers", () => {
  it("grades a date of birth", () => {
    expect(confirmDateOfBirth("1970-03-02", ["1970-03-02"])).toEqual({ result: "match", delta: DOB_EXACT });
    expect(confirmDateOfBirth("1970-03-02", ["1970-03"]).result).toBe("match");
    expect(confirmDateOfBirth("1970-05-02", ["1970"]).result).toBe("partial");
    expect(confirmDateOfBirth("1971-05-02", ["1970"])).toEqual({ result: "unknown", delta: 0 });
    expect(confirmDateOfBirth("1980-05-02", ["1970", "1972"])).toEqual({
      result: "mismatch",
      delta: DOB_MISMATCH,
    });
    expect(confirmDateOfBirth(null, ["1970"]).result).toBe("unknown");
  });
  it("grades a nationality", () => {
    expect(confirmNationality("gh", ["GH"]).result).toBe("match");
    expect(confirmNationality("NG", ["GH"]).result).toBe("mismatch");
    expect(confirmNationality("NG", []).result).toBe("unknown");
  });
  it("never lifts a name further than the confirmers reach", () => {
    expect(DOB_EXACT + NATIONALITY_MATCH).toBeLessThanOrEqual(CONFIRMER_REACH);
  });
});
