import { describe, expect, it } from "vitest";
import { foldText, nameTokens, skeleton } from "./normalize";

describe("foldText", () => {
  it("drops case, accents and punctuation, and joins apostrophes", () => {
    expect(foldText("José-María  GARCÍA, Jr.")).toBe("jose maria garcia jr");
    expect(foldText("O'Brien")).toBe("obrien");
    expect(foldText("Straße Øresund")).toBe("strasse oresund");
  });
});

describe("skeleton", () => {
  it("makes transliteration spellings one", () => {
    expect(skeleton("khaleed")).toBe(skeleton("khalid"));
    expect(skeleton("qasim")).toBe(skeleton("kasim"));
    expect(skeleton("victor")).toBe(skeleton("viktor"));
    expect(skeleton("youssef")).toBe("yusef");
  });
});

describe("nameTokens", () => {
  it("maps Arabic and Ghanaian variants to one spelling", () => {
    expect(nameTokens("Mohammed Abdel-Rahman")).toEqual(nameTokens("Muhammad Abdul Rahman"));
    expect(nameTokens("Kojo Mensa")).toEqual(nameTokens("Kwadwo Mensah"));
    expect(nameTokens("Yao Adjoa")).toEqual(nameTokens("Yaw Adwoa"));
  });

  it("drops honorifics, particles and company suffixes", () => {
    expect(nameTokens("Alhaji Dr. Ibrahim bin Said al-Masri")).toEqual(nameTokens("Ibrahim Said Masri"));
    expect(nameTokens("Golden Star Trading Co., Ltd.")).toEqual(["golden", "star", "trading"]);
  });

  it("keeps a title or suffix when it is the whole name", () => {
    expect(nameTokens("Nana")).toEqual(["nana"]);
    expect(nameTokens("The Company")).toEqual(["the", "kompany"]);
  });

  it("removes repeated tokens and empty names", () => {
    expect(nameTokens("Ali Ali Hasan")).toEqual(["ali", "hasan"]);
    expect(nameTokens(" -- ")).toEqual([]);
  });
});
