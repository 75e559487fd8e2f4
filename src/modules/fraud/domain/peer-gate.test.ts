import { describe, expect, it } from "vitest";
import { PEER_FEATURES, type PeerNorm, summarise } from "../../data/domain/peer-stats";
import { SIGNALS } from "../../detection/domain/fraud/catalog";
import { evaluateSignals } from "./evaluate";
import { daysAgo, input, txn } from "./fixtures.test-util";

/** A group whose every figure is spread 20..24 (median 22, MAD 1): bar max(q95 24, 22 + 3 x 1.4826) = 26.45 -> 27. */
const values = Array.from({ length: 25 }, (_, i) => 20 + (i % 5));
const peer: PeerNorm = {
  group: "customer|individual|-|-",
  members: 25,
  asOf: "2026-06-30T00:00:00.000Z",
  stats: Object.fromEntries(PEER_FEATURES.map((f) => [f, summarise(values)])) as PeerNorm["stats"],
};
const velocity = SIGNALS.filter((s) => s.signalId === "velocity_count");
const burst = (n: number) =>
  Array.from({ length: n }, (_, i) => txn({ at: daysAgo(1 + (i % 5), 10 + (i % 8)) }));

describe("velocity_count against the peer group", () => {
  it("unusual for itself (no baseline, 20 or more) but within the peers' bar: quiet", () => {
    const own = evaluateSignals(input(burst(26)), velocity);
    expect(own.triggeredSignals.map((s) => s.signalId)).toEqual(["velocity_count"]);
    const peers = evaluateSignals(input(burst(26), { peers: peer }), velocity);
    expect(peers.triggeredSignals).toEqual([]);
  });

  it("above the peers' bar too: fires, with the peers' evidence", () => {
    const fired = evaluateSignals(input(burst(27), { peers: peer }), velocity);
    const [s] = fired.triggeredSignals;
    expect(s?.signalId).toBe("velocity_count");
    expect(s?.evidence).toContainEqual(expect.objectContaining({ field: "peers.count7", threshold: "27" }));
    expect(s?.counterfactual).toMatch(/the normal of its peers/);
  });

  it("peerMadMultiple 0 leaves the entity's own history alone to decide", () => {
    const off = velocity.map((s) => ({ ...s, parameters: { ...s.parameters, peerMadMultiple: 0 } }));
    expect(evaluateSignals(input(burst(26), { peers: peer }), off).triggeredSignals).toHaveLength(1);
  });
});
