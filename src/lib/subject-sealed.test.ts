import { describe, expect, it } from "vitest";
import {
  importSubjectKey,
  newSubjectKey,
  openForSubject,
  sealedSubject,
  sealForSubject,
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
