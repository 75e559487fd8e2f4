import { describe, expect, it } from "vitest";
import { phoneForms, subjectValues, tagWords } from "./subject";

describe("subjectValues", () => {
  it("takes name, contact and personal business fields, in their stored forms, longest first", () => {
    const values = subjectValues(
      {
        name: 'Ama "Maa" Mensah',
        email: "Ama@Example.com",
        phone: "0201234567",
        businessInfo: { nationalId: "GHA-123456789-0", sector: "retail", address: "12 Ring Rd, Accra" },
      },
      "[erased]",
      "233",
    );
    for (const v of [
      'Ama \\"Maa\\" Mensah',
      'ama "maa" mensah',
      "AMA@EXAMPLE.COM",
      "ama@example.com",
      "gha-123456789-0",
      "12 Ring Rd, Accra",
      "0201234567",
      "+233201234567",
      "233201234567",
    ])
      expect(values).toContain(v);
    expect(values).not.toContain("retail");
    expect(values[0].length).toBe(Math.max(...values.map((v) => v.length)));
  });

  it("leaves out short values and an already erased name", () => {
    expect(
      subjectValues({ name: "[erased]", email: null, phone: "123", businessInfo: { name: 5 } }, "[erased]"),
    ).toEqual([]);
  });
});

describe("phoneForms", () => {
  it("reads a local number in the tenant's country and an international one in any", () => {
    expect(phoneForms("0248706383", "233")).toEqual(
      expect.arrayContaining(["+233248706383", "233248706383", "0248706383", "00233248706383"]),
    );
    expect(phoneForms("+233 24 870 6383", "233")).toEqual(
      expect.arrayContaining(["+233248706383", "0248706383", "233248706383"]),
    );
    expect(phoneForms("0248706383", null)).toEqual(["0248706383"]);
  });
});

describe("tagWords", () => {
  it("gives the words of tags to search for names", () => {
    expect(tagWords(["kwame-asante_mensah", "mule"])).toBe("kwame asante mensah | mule");
  });
});
