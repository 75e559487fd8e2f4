/**
 * The sanctions case's state machine (docs/methodology/sanctions.md#cases): a hit opens a case as
 * a potential match; it ends confirmed (one key) or false positive (four eyes: one key asks,
 * another key clears). Both ends are final.
 */

export type CaseState = "potential_match" | "confirmed" | "false_positive";
export type Decision = "confirmed" | "false_positive";

export interface CaseForDecision {
  state: CaseState;
  clearRequestedBy: string | null;
}

export type DecisionOutcome =
  | { kind: "confirm" }
  | { kind: "request_clear" }
  | { kind: "clear" }
  | { kind: "refused"; code: "invalid_transition" | "second_actor_required"; message: string };

/** What `decision` by `actor` does to a case. */
export function decide(c: CaseForDecision, decision: Decision, actor: string): DecisionOutcome {
  if (c.state !== "potential_match") {
    return { kind: "refused", code: "invalid_transition", message: `the case is already ${c.state}` };
  }
  if (decision === "confirmed") return { kind: "confirm" };
  if (c.clearRequestedBy === null) return { kind: "request_clear" };
  if (c.clearRequestedBy === actor) {
    return {
      kind: "refused",
      code: "second_actor_required",
      message: "clearing a sanctions hit needs a second key: the key that asked cannot clear it",
    };
  }
  return { kind: "clear" };
}
