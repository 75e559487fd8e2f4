import { drain, type Sliced, workMeter } from "../../../../lib/slices";
import type { ExternalFlow, NetworkInput, Transfer } from "./types";

/** What a share needs of a hit: its participants and the transfers and flows it names. */
export interface SharedHit {
  participants: ReadonlyArray<{ holderId: string }>;
  transferIds: readonly string[];
}

export type Movement = Transfer | ExternalFlow;

/** Movements indexed, or named by hits, per step of movementSteps and shareSteps. */
export const SHARE_STEP = 10_000;

/** The network input's transfers and outside flows by id (built once per scan, read per hit). */
export function movementsById(input: NetworkInput): Map<string, Movement> {
  return drain(movementSteps(input));
}

/** movementsById in steps of SHARE_STEP (docs/decisions/faults.md#slices-that-yield). */
export function* movementSteps(input: NetworkInput): Sliced<Map<string, Movement>> {
  const meter = workMeter(SHARE_STEP);
  const byId = new Map<string, Movement>();
  for (const t of input.transfers) {
    byId.set(t.id, t);
    if (meter()) yield;
  }
  for (const f of input.external) {
    byId.set(f.id, f);
    if (meter()) yield;
  }
  return byId;
}

/** Each hit with its participantShares, in steps of about SHARE_STEP named movements. */
export function* shareSteps<H extends SharedHit>(
  hits: readonly H[],
  movements: ReadonlyMap<string, Movement>,
): Sliced<Array<H & { shares: Map<string, number> }>> {
  const meter = workMeter(SHARE_STEP);
  const out: Array<H & { shares: Map<string, number> }> = [];
  for (const hit of hits) {
    out.push({ ...hit, shares: participantShares(hit, movements) });
    if (meter(1 + hit.transferIds.length + hit.participants.length)) yield;
  }
  return out;
}

/**
 * Each participant's share of a scheme's money (docs/methodology/risk-score.md#per-participant):
 * the money it moved in the scheme (the larger of what it received and what it sent in the
 * transfers and outside flows the hit names) over the most any participant moved, 0..1. The hub
 * of a fan, the source of a scatter, a ring's members carry 1 or near it; one feeder among twenty
 * carries about 0.05. A participant none of the named movements touch has no measured share: 1
 * (it keeps the scheme's full weight). Pure; the same for any order of the input.
 */
export function participantShares(
  hit: SharedHit,
  movements: ReadonlyMap<string, Movement>,
): Map<string, number> {
  const inflow = new Map<string, number>();
  const outflow = new Map<string, number>();
  const add = (m: Map<string, number>, holder: string, amount: number) =>
    m.set(holder, (m.get(holder) ?? 0) + amount);
  for (const id of hit.transferIds) {
    const m = movements.get(id);
    if (!m) continue;
    if ("holderId" in m) add(m.direction === "in" ? inflow : outflow, m.holderId, m.amountMinor);
    else {
      add(outflow, m.from, m.amountMinor);
      add(inflow, m.to, m.amountMinor);
    }
  }
  const moved = new Map(
    hit.participants.map((p) => [
      p.holderId,
      Math.max(inflow.get(p.holderId) ?? 0, outflow.get(p.holderId) ?? 0),
    ]),
  );
  const most = Math.max(0, ...moved.values());
  return new Map([...moved].map(([holder, amount]) => [holder, amount > 0 && most > 0 ? amount / most : 1]));
}
