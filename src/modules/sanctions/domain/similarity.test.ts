import { describe, expect, it } from "vitest";
import { nameTokens } from "./normalize";
import {
  jaroWinkler,
  MONONYM_FACTOR,
  nameSimilarity,
  OMISSION_WEIGHT,
  STRETCH,
  tokenCredit,
} from "./similarity";

const score = (a: string, b: string) => nameSimilarity(nameTokens(a), nameTokens(b)).score;

describe("jaroWinkler", () => {
  it("gives the published values of the classic pairs", () => {
    // Winkler's examples: MARTHA/MARHTA 0.961, DWAYNE/DUANE 0.840, DIXON/DICKSONX 0.813.
    expect(jaroWinkler("martha", "marhta")).toBeCloseTo(0.961, 3);
    expect(jaroWinkler("dwayne", "duane")).toBeCloseTo(0.84, 3);
    expect(jaroWinkler("dixon", "dicksonx")).toBeCloseTo(0.813, 3);
    expect(jaroWinkler("abc", "xyz")).toBe(0);
    expect(jaroWinkler("same", "same")).toBe(1);
  });
});

describe("tokenCredit", () => {
  it("stretches Jaro-Winkler below 1 and floors it", () => {
    expect(tokenCredit("martha", "marhta")).toBeCloseTo(
      1 - STRETCH * (1 - jaroWinkler("martha", "marhta")),
      9,
    );
    expect(tokenCredit("dixon", "dicksonx")).toBe(0);
  });
  it("credits initials and vowel-only differences of long tokens", () => {
    expect(tokenCredit("j", "john")).toBe(0.75);
    expect(tokenCredit("j", "peter")).toBe(0);
    expect(tokenCredit("hezbolah", "hizbalah")).toBe(0.9);
  });
});

describe("nameSimilarity", () => {
  it("ignores token order", () => {
    expect(score("Ivanov Sergei Petrovich", "Sergei Petrovich Ivanov")).toBe(1);
  });
  it("joins a compound token split on the other side", () => {
    expect(score("Abdulrahman Yusuf", "Abdul Rahman Yusuf")).toBe(1);
  });
  it("weighs an omitted token at half, a different token fully", () => {
    // kwame (5) + boateng (7) paired on both sides = 24; mensah (6) omitted.
    expect(score("Kwame Mensah Boateng", "Kwame Boateng")).toBeCloseTo(24 / (24 + OMISSION_WEIGHT * 6), 9);
    // kwame paired (10); mensah (6) and owusu (5) unpaired on each side, full weight.
    expect(score("Kwame Mensah", "Kwame Owusu")).toBeCloseTo(10 / (10 + 11), 9);
  });
  it("discounts a one-token name against a longer one", () => {
    // "ali" (3) against "ali hasan": 6 / (6 + 0.5 * 5), times the mononym factor.
    expect(score("Ali", "Ali Hasan")).toBeCloseTo((6 / (6 + OMISSION_WEIGHT * 5)) * MONONYM_FACTOR, 9);
  });
  it("scores nothing when no token pairs", () => {
    expect(nameSimilarity(["kofi"], ["yaw"])).toEqual({ score: 0, pairs: 0 });
    expect(nameSimilarity([], ["yaw"])).toEqual({ score: 0, pairs: 0 });
  });
});
