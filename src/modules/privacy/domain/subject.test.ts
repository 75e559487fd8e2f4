import { describe, expect, it } from "vitest";
import { subjectValues } from "./subject";

describe("subjectValues", () => {
  it("takes name, contact and personal business fields, longest first, with JSON-escaped forms", () => {
    const values = subjectValues(
      {
        name: 'Ama "Maa" Mensah',
        email: "ama@example.com",
        phone: "+233201234567",
        businessInfo: { nationalId: "GHA-123456789-0", sector: "retail", address: "12 Ring Rd, Accra" },
      },
      "[erased]",
    );
    expect(values).toEqual([
      'Ama \\"Maa\\" Mensah',
      "12 Ring Rd, Accra",
      'Ama "Maa" Mensah',
      "GHA-123456789-0",
      "ama@example.com",
      "+233201234567",
    ]);
  });

  it("leaves out short values and an already erased name", () => {
    expect(
      subjectValues({ name: "[erased]", email: null, phone: "123", businessInfo: { name: 5 } }, "[erased]"),
    ).toEqual([]);
  });
});
