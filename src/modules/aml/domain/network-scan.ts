/**
 * The pure part of the network scan (docs/methodology/network.md#the-typologies), in steps: from
 * the legs read to each typology group's hits. The service reads the legs, runs these steps with
 * a yield between each (docs/decisions/faults.md#slices-that-yield), then confirms the mules
 * against the book and measures the shares (network/shares.ts). Pure.
 */

import { filterSliced, type Sliced } from "../../../lib/slices";
import type { Thresholds } from "../../detection/domain/aml/thresholds";
import { networkSchemeSteps } from "./network/detect";
import type { NetworkInput, NetworkThresholds, NetworkTypology, SchemeHit } from "./network/types";
import { type FanHit, type FanThresholds, type FanTypology, fanSteps } from "./network-fans";
import { type CounterpartyLeg, holderTransferSteps, outsideFlowSteps } from "./network-input";
import { type StructuringHit, structuringSteps } from "./network-structuring";

/** What the scan looks for: the chains and shapes of domain/network, and the fans. */
export type ScanTypology = NetworkTypology | FanTypology | "structuring";
export type ScanHit = SchemeHit | FanHit | StructuringHit;

/** One group of typologies that share thresholds (rule parameters can differ per typology). */
export interface TypologyGroup {
  typologies: ScanTypology[];
  thresholds: Thresholds;
}

const networkThresholds = (t: Thresholds): NetworkThresholds => ({
  networkMinAmount: t.networkMinAmount!,
  networkBurstDays: t.networkBurstDays!,
  networkMaxHoldDays: t.networkMaxHoldDays!,
  networkPassPercent: t.networkPassPercent!,
  cycleMaxHops: t.cycleMaxHops!,
  fanMinParticipants: t.fanMinParticipants!,
});

const fanThresholds = (t: Thresholds): FanThresholds => ({
  fanInMinCounterparties: t.fanInMinCounterparties!,
  fanOutMinCounterparties: t.fanOutMinCounterparties!,
  fanBaselineMultiple: t.fanBaselineMultiple!,
  fanMinAmount: t.fanMinAmount!,
  fanWindowDays: t.fanWindowDays!,
  networkMinAmount: t.networkMinAmount!,
  networkMaxHoldDays: t.networkMaxHoldDays!,
  networkPassPercent: t.networkPassPercent!,
  networkBurstDays: t.networkBurstDays!,
});

const FANS: readonly ScanTypology[] = ["fan_in", "fan_out"];
const SHAPES: readonly ScanTypology[] = ["cycle", "scatter_gather", "gather_scatter", "layering"];

/** Transfers or flows filtered per step. */
const FILTER_STEP = 50_000;

export interface ScanFound {
  hits: ScanHit[];
  /** The history as the other typologies see it: movements of `floor` or more. */
  view: NetworkInput;
  /** Every movement read (down to the mule's floor): `view` itself when nothing was under `floor`. */
  smaller: NetworkInput;
}

/**
 * Each group's hits in the legs read (`holderOf`: an account's external id -> its customer).
 * `floor`: the smallest movement the typologies other than the mule fans look at.
 */
export function* scanSteps(
  legs: readonly CounterpartyLeg[],
  holderOf: ReadonlyMap<string, string>,
  groups: readonly TypologyGroup[],
  floor: number,
): Sliced<ScanFound> {
  // Built once from every leg read; the other typologies' view keeps the legs from `floor`. Both
  // legs of a transfer have one amount (holderTransfers pairs them by it), so filtering after
  // pairing is pairing what the filter keeps.
  const allTransfers = yield* holderTransferSteps(legs, holderOf);
  const allExternal = yield* outsideFlowSteps(legs, holderOf);
  const transfers = yield* filterSliced(allTransfers, (t) => t.amountMinor >= floor, FILTER_STEP);
  const external = yield* filterSliced(allExternal, (f) => f.amountMinor >= floor, FILTER_STEP);
  const view = { transfers, external };
  // The same object when nothing was under `floor`, so fanSteps indexes the history once.
  const smaller =
    transfers.length === allTransfers.length && external.length === allExternal.length
      ? view
      : { transfers: allTransfers, external: allExternal };
  const hits: ScanHit[] = [];
  for (const group of groups) {
    const wanted = new Set(group.typologies);
    if (group.typologies.some((t) => SHAPES.includes(t)))
      hits.push(
        ...(yield* networkSchemeSteps(view, networkThresholds(group.thresholds))).filter((h) =>
          wanted.has(h.typology),
        ),
      );
    if (group.typologies.some((t) => FANS.includes(t)))
      hits.push(
        ...(yield* fanSteps(view, fanThresholds(group.thresholds), smaller)).filter((h) =>
          wanted.has(h.typology),
        ),
      );
    if (wanted.has("structuring"))
      hits.push(
        ...(yield* structuringSteps(view, {
          largeCashAmount: group.thresholds.largeCashAmount!,
          structuringMinCount: group.thresholds.structuringMinCount!,
          structuringWindowDays: group.thresholds.structuringWindowDays!,
        })),
      );
  }
  return { hits, view, smaller };
}
