import { describe, expect, it } from "vitest";
import { movementsById, participantShares } from "./shares";
import type { ExternalFlow, NetworkInput, Transfer } from "./types";

const at = "2026-01-01T00:00:00.000Z";
const t = (id: string, from: string, to: string, amountMinor: number): Transfer => ({
  id,
  from,
  to,
  amountMinor,
  at,
});
const cash = (id: string, holderId: string, direction: "in" | "out", amountMinor: number): ExternalFlow => ({
  id,
  holderId,
  direction,
  kind: "cash",
  amountMinor,
  at,
});

describe("participant shares of a scheme's money", () => {
  // A fan-in: F0 sends 100,000, F1..F19 1,000 each, into H, which cashes 110,000 out.
  const feeders = Array.from({ length: 20 }, (_, i) => t(`t${i}`, `F${i}`, "H", i === 0 ? 100_000 : 1_000));
  const input: NetworkInput = {
    transfers: [...feeders, t("other", "X", "Y", 500_000)],
    external: [cash("c1", "H", "out", 110_000), cash("c2", "F5", "in", 900_000)],
  };
  const hit = {
    participants: [{ holderId: "H" }, ...feeders.map((f) => ({ holderId: f.from }))],
    transferIds: [...feeders.map((f) => f.id), "c1"],
  };

  it("gives the hub 1 and each feeder what it moved over the hub's flow", () => {
    const shares = participantShares(hit, movementsById(input));
    expect(shares.get("H")).toBe(1);
    // the hub received 119,000 and paid out 110,000: its flow is 119,000
    expect(shares.get("F0")).toBeCloseTo(100_000 / 119_000, 10);
    expect(shares.get("F1")).toBeCloseTo(1_000 / 119_000, 10);
  });

  it("counts only the movements the hit names (a feeder's other cash is not the scheme's)", () => {
    const shares = participantShares(hit, movementsById(input));
    expect(shares.get("F5")).toBeCloseTo(1_000 / 119_000, 10);
    expect(shares.has("X")).toBe(false);
  });

  it("is the same for any order of the input, and 1 for a participant no named movement touches", () => {
    const reversed = { transfers: [...input.transfers].reverse(), external: [...input.external].reverse() };
    expect(participantShares(hit, movementsById(reversed))).toEqual(
      participantShares(hit, movementsById(input)),
    );
    const withStranger = { ...hit, participants: [...hit.participants, { holderId: "Z" }] };
    expect(participantShares(withStranger, movementsById(input)).get("Z")).toBe(1);
  });

  it("gives a ring's members equal shares", () => {
    const ring = [t("r1", "A", "B", 50_000), t("r2", "B", "C", 48_000), t("r3", "C", "A", 46_000)];
    const shares = participantShares(
      { participants: ["A", "B", "C"].map((holderId) => ({ holderId })), transferIds: ring.map((r) => r.id) },
      movementsById({ transfers: ring, external: [] }),
    );
    expect(shares.get("A")).toBe(1);
    expect(shares.get("B")).toBe(1);
    expect(shares.get("C")).toBeCloseTo(48_000 / 50_000, 10);
  });
});
