import { type PeerFeature, peerCheck } from "../../data/domain/peer-stats";
import { type ActivityView, ratio } from "./activity";
import type { SignalOutcome } from "./types";

/**
 * A signal on "unusual" (velocity, amount spike, many counterparties) fires only when the entity
 * is also above its peer group's normal (docs/methodology/peers.md): the larger of the group's
 * 95th percentile and median + peerMadMultiple x 1.4826 x MAD of the same figure. Without a
 * group (none stored, or under 20 members) or with peerMadMultiple 0, the outcome is unchanged.
 */
export function gateByPeers(
  outcome: SignalOutcome,
  observed: number,
  view: ActivityView,
  feature: PeerFeature,
  k: number | undefined,
  format: (n: number) => string,
  scale = 1,
): SignalOutcome {
  const norm = view.peers;
  const check = peerCheck(observed, norm, feature, k ?? 0, format, scale);
  if (check.bar === null || !norm) return outcome;
  const triggered = outcome.triggered && check.holds;
  return {
    ...outcome,
    triggered,
    evidence: [
      ...outcome.evidence,
      {
        field: `peers.${feature}`,
        observed: format(observed),
        expected: format(norm.stats[feature].median * scale),
        threshold: format(check.bar),
        context: check.text,
        deviation: ratio(observed, check.bar),
      },
    ],
    explanation: `${outcome.explanation} ${check.text}`,
    counterfactual: triggered
      ? `${outcome.counterfactual ?? ""} Also quiet below ${format(check.bar)}, the normal of its peers.`.trim()
      : null,
  };
}
