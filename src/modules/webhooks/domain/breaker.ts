/**
 * Circuit breaker per subscription (docs/contract.md#retries-and-the-circuit-breaker): after 5 consecutive failed attempts it
 * opens; while open, due deliveries are deferred (not dropped); once the cool-down (5 min)
 * has passed, one delivery probes; a success closes it, a failure opens it again.
 *
 * The state lives on the subscription row; the repository applies these rules with
 * conditional updates so concurrent consumers agree on who probes.
 */

export const BREAKER_FAILURE_THRESHOLD = 5;
export const BREAKER_COOLDOWN_SECONDS = 300;
/** How long a probe holds the half-open breaker before another delivery may probe. */
export const PROBE_LEASE_SECONDS = 30;

export interface BreakerState {
  consecutiveFailures: number;
  /** Set while open: when a probe may go. */
  openUntil: Date | null;
  /** Set while a probe is in flight (half-open). */
  probeUntil: Date | null;
}

export type BreakerPhase = "closed" | "open" | "half_open";

export const CLOSED: BreakerState = { consecutiveFailures: 0, openUntil: null, probeUntil: null };

export function breakerPhase(state: BreakerState, now: Date): BreakerPhase {
  if (!state.openUntil) return "closed";
  if (state.probeUntil && state.probeUntil > now) return "half_open";
  return "open";
}

export type BreakerDecision =
  | { action: "send" }
  | { action: "probe"; probeUntil: Date }
  | { action: "defer"; until: Date };

/** May a due delivery go now? */
export function beforeSend(state: BreakerState, now: Date): BreakerDecision {
  if (!state.openUntil) return { action: "send" };
  if (now < state.openUntil) return { action: "defer", until: state.openUntil };
  if (state.probeUntil && now < state.probeUntil) return { action: "defer", until: state.probeUntil };
  return { action: "probe", probeUntil: new Date(now.getTime() + PROBE_LEASE_SECONDS * 1000) };
}

/** The state after an attempt (real deliveries only; test sends do not move the breaker). */
export function afterAttempt(
  state: BreakerState,
  succeeded: boolean,
  now: Date,
  cooldownSeconds = BREAKER_COOLDOWN_SECONDS,
): BreakerState {
  if (succeeded) return CLOSED;
  const consecutiveFailures = state.consecutiveFailures + 1;
  const opens = consecutiveFailures >= BREAKER_FAILURE_THRESHOLD;
  return {
    consecutiveFailures,
    openUntil: opens ? new Date(now.getTime() + cooldownSeconds * 1000) : state.openUntil,
    probeUntil: null,
  };
}
