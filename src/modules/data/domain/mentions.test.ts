import { describe, expect, it } from "vitest";
import { emailsIn, foldText, MAX_NAME_WORDS, namesIn, phoneTails } from "./mentions";

describe("mentions", () => {
  it("finds a phone in local, international and spaced forms as its last nine digits", () => {
    expect(phoneTails("call 0248706383 or +233 24 870 6383, ref 233248706383")).toEqual(["248706383"]);
  });

  it("ignores short numbers and amounts", () => {
    expect(phoneTails("paid 1,250.00 on 2026-01-02 at 14:30, case 12345")).toEqual([]);
  });

  it("folds case and whitespace", () => {
    expect(foldText("Ama  MENSAH\nama@Example.com")).toBe("ama mensah ama@example.com");
  });

  it("finds e-mail addresses folded, without the punctuation around them", () => {
    expect(emailsIn("Write to <Ama.Mensah@Example.com>, or mailto:kofi@mail.example.gh.")).toEqual([
      "ama.mensah@example.com",
      "kofi@mail.example.gh",
    ]);
    expect(emailsIn("no address here: @handle, user@localhost")).toEqual([]);
  });

  it("offers every run of two to six words as a name, with and without the punctuation around it", () => {
    const names = namesIn("Spoke to (Kwame Asante Mensah), then Ama Owusu-Ansah's brother.");
    for (const name of ["kwame asante mensah", "ama owusu-ansah", "asante mensah", "kwame asante"])
      expect(names).toContain(name);
    expect(names).not.toContain("mensah");
    // A name is matched whole: one inside a longer word is not offered.
    expect(namesIn("the mensahs paid")).not.toContain("the mensah");
    const words = Array.from({ length: 10 }, (_, i) => `w${i}xyz`);
    const runs = namesIn(words.join(" "));
    expect(Math.max(...runs.map((r) => r.split(" ").length))).toBe(MAX_NAME_WORDS);
    // Runs of 2..6 words of ten: 9 + 8 + 7 + 6 + 5.
    expect(runs.length).toBe(9 + 8 + 7 + 6 + 5);
  });
});
