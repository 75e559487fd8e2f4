import { describe, expect, it } from "vitest";
import {
  importSubjectKey,
  mergeFields,
  newSubjectKey,
  openForSubject,
  SEALED_FIELDS,
  sealedFieldsOf,
  sealedSubject,
  sealForSubject,
  splitFields,
} from "./subject-sealed";

describe("text sealed under a subject's key", () => {
  it("opens under its key, tenant and use only", async () => {
    const key = await importSubjectKey(newSubjectKey());
    const other = await importSubjectKey(newSubjectKey());
    const where = { tenantId: "t1", customerId: "c1", use: "fraud.note" };
    const stored = await sealForSubject(key, where, "Called Abena on 0248706383");
    expect(stored).toMatch(/^subject:v1:c1:/);
    expect(stored).not.toContain("Abena");
    expect(sealedSubject(stored)).toBe("c1");
    expect(await openForSubject(key, where, stored)).toBe("Called Abena on 0248706383");
    expect(await openForSubject(other, where, stored)).toBeNull();
    expect(await openForSubject(key, { ...where, tenantId: "t2" }, stored)).toBeNull();
    expect(await openForSubject(key, where, "plain")).toBe("plain");
    expect(sealedSubject("plain")).toBeNull();
  });
});

describe("an object's personal fields sealed as one text", () => {
  const clear = new Set(["fileId", "sha256"]);

  it("keeps the structural fields plain and merges the opened ones back", async () => {
    const value = { fileId: "f1", sha256: "ab", filename: "Abena ID.png", note: "x" };
    const { kept, secret } = splitFields(value, clear);
    expect(kept).toEqual({ fileId: "f1", sha256: "ab" });
    expect(JSON.parse(secret ?? "")).toEqual({ filename: "Abena ID.png", note: "x" });
    expect(splitFields({ fileId: "f1" }, clear).secret).toBeNull();
    expect(mergeFields({ ...kept, [SEALED_FIELDS]: "subject:v1:c1:x" }, secret ?? "")).toEqual(value);
  });

  it("reads as the erased marker when the text did not open", () => {
    expect(mergeFields({ fileId: "f1", [SEALED_FIELDS]: "subject:v1:c1:x" }, "[erased]")).toEqual({
      fileId: "f1",
      erased: "[erased]",
    });
  });

  it("finds sealed fields only under the subject prefix", () => {
    expect(sealedFieldsOf({ [SEALED_FIELDS]: "subject:v1:c1:abc" })).toBe("subject:v1:c1:abc");
    expect(sealedFieldsOf({ [SEALED_FIELDS]: "plain" })).toBeNull();
    expect(sealedFieldsOf(null)).toBeNull();
  });
});
