import { describe, expect, it } from "vitest";
import { foldText, phoneTails } from "./mentions";

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
});
