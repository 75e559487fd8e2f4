import { describe, expect, it } from "vitest";
import { isCountryCode } from "../../../lib/countries";
import { isExpired, prepareEntries } from "./entries";

const now = new Date("2026-03-01T00:00:00.000Z");
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe("prepareEntries", () => {
  it("normalizes values and collapses repeats inside a batch to the first", () => {
    const { entries, problems } = prepareEntries(
      "name",
      [{ value: "Kwame  Mensah" }, { value: "KWAME MENSAH", note: "second" }, { value: "Ama Owusu" }],
      now,
      isCountryCode,
    );
    expect(problems).toEqual([]);
    expect(entries.map((e) => [e.value, e.originalValue])).toEqual([
      ["kwame mensah", "Kwame  Mensah"],
      ["ama owusu", "Ama Owusu"],
    ]);
  });

  it("names each bad field by its index", () => {
    const { problems } = prepareEntries(
      "country",
      [{ value: "GH" }, { value: "ZZ" }, { entityType: "customer", value: "NG" }, {}],
      now,
      isCountryCode,
    );
    expect(problems.map((p) => p.path)).toEqual([
      "entries.1.value",
      "entries.2.entityType",
      "entries.3.value",
    ]);
  });

  it("needs an entity and a future expiry within 366 days for an allowlist entry", () => {
    const { entries, problems } = prepareEntries(
      "entity",
      [
        { entityType: "customer", entityId: " c-1 ", ruleId: "velocity_burst", expiresAt: inDays(30) },
        { entityType: "account", entityId: "a-1", expiresAt: inDays(-1) },
        { entityType: "account", entityId: "a-2", expiresAt: inDays(367) },
        { entityType: "agent", entityId: "g-1" },
        { value: "x", entityId: "m-1", expiresAt: inDays(1) },
      ],
      now,
      isCountryCode,
    );
    expect(entries).toEqual([
      {
        value: "customer:c-1:velocity_burst",
        originalValue: "customer:c-1",
        entityType: "customer",
        entityId: "c-1",
        ruleId: "velocity_burst",
        expiresAt: inDays(30),
        note: null,
      },
    ]);
    expect(problems.map((p) => p.path)).toEqual([
      "entries.1.expiresAt",
      "entries.2.expiresAt",
      "entries.3.expiresAt",
      "entries.4.value",
      "entries.4.entityType",
    ]);
  });
});

describe("isExpired", () => {
  it("is true from the expiry on, never for entries without one", () => {
    expect(isExpired(null, now)).toBe(false);
    expect(isExpired(now.toISOString(), now)).toBe(true);
    expect(isExpired(inDays(1), now)).toBe(false);
  });
});
