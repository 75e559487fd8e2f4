/**
 * The decisions of the WEBHOOK_QUEUE consumer, apart from its reads and writes: whether a
 * message leads to an attempt (gateDelivery) and what an attempt changes (attemptChanges).
 */
import { type BreakerDecision, beforeSend } from "./breaker";
import { type AttemptPlan, type AttemptResult, planAfterAttempt, retryWindowExpired } from "./schedule";

/** The delivery columns the consumer decides on. */
export interface DeliveryState {
  status: string;
  attemptCount: number;
  nextAttemptAt: string | null;
  createdAt: string;
}

/** The subscription columns the consumer decides on. */
export interface SubscriptionState {
  enabled: boolean;
  disabledReason: string | null;
  deletedAt: string | null;
  consecutiveFailures: number;
  breakerOpenUntil: string | null;
  breakerProbeUntil: string | null;
}

export type Gate<D, S> =
  /** Nothing to do: the message is stale or a duplicate. */
  | { kind: "skip"; reason: string }
  /** Early (a sweep re-sent it, or the queue ran ahead): send the message again for `until`. */
  | { kind: "wait"; until: Date }
  /** The delivery is dead without an attempt. */
  | { kind: "kill"; reason: string }
  /** The breaker is open: move the delivery to `until` and send the message again for then. */
  | { kind: "defer"; until: Date }
  /** The breaker lets one probe through: claim it first (another consumer may have). */
  | { kind: "probe"; delivery: D; subscription: S; probeUntil: Date }
  | { kind: "send"; delivery: D; subscription: S };

/** Tolerance for a message that arrives a moment before its delivery's scheduled time. */
const EARLY_TOLERANCE_MS = 1000;

/** The latest scheduled time a message arriving at `now` may act on (later ones wait). */
export const dueBy = (now: Date): Date => new Date(now.getTime() + EARLY_TOLERANCE_MS);

/** What a message for attempt `attemptNumber` should do, given what the read step found. */
export function gateDelivery<D extends DeliveryState, S extends SubscriptionState>(
  found: { delivery: D; subscription: S | null } | null | undefined,
  attemptNumber: number,
  now: Date,
): Gate<D, S> {
  if (!found) return { kind: "skip", reason: "no such delivery" };
  const { delivery, subscription: sub } = found;
  if (delivery.status === "succeeded" || delivery.status === "dead")
    return { kind: "skip", reason: "finished" };
  if (delivery.attemptCount !== attemptNumber - 1) return { kind: "skip", reason: "stale message" };
  if (delivery.nextAttemptAt && Date.parse(delivery.nextAttemptAt) > dueBy(now).getTime()) {
    return { kind: "wait", until: new Date(delivery.nextAttemptAt) };
  }
  if (retryWindowExpired(new Date(delivery.createdAt), now)) {
    return { kind: "kill", reason: "retry window of 24 hours exceeded" };
  }
  if (!sub || sub.deletedAt) return { kind: "kill", reason: "subscription deleted" };
  if (!sub.enabled)
    return { kind: "kill", reason: `subscription disabled (${sub.disabledReason ?? "by the API"})` };
  const decision: BreakerDecision = beforeSend(
    {
      consecutiveFailures: sub.consecutiveFailures,
      openUntil: sub.breakerOpenUntil ? new Date(sub.breakerOpenUntil) : null,
      probeUntil: sub.breakerProbeUntil ? new Date(sub.breakerProbeUntil) : null,
    },
    now,
  );
  if (decision.action === "defer") return { kind: "defer", until: decision.until };
  if (decision.action === "probe")
    return { kind: "probe", delivery, subscription: sub, probeUntil: decision.probeUntil };
  return { kind: "send", delivery, subscription: sub };
}

/** Whole seconds from now until `until` (a queue delay; never negative). */
export const delaySecondsUntil = (until: Date, now: Date): number =>
  Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000));

export interface AttemptFacts {
  attemptNumber: number;
  result: AttemptResult;
  /** The URL no longer passes the rules: retrying cannot help. */
  refused: boolean;
  /** A test send: no retries, and the breaker does not move. */
  isTest: boolean;
  now: Date;
  subscription: Pick<SubscriptionState, "consecutiveFailures" | "breakerOpenUntil">;
  retryDelays: readonly number[];
  breakerCooldownSeconds: number;
}

export interface AttemptChanges {
  plan: AttemptPlan;
  responseStatus: number | null;
  error: string | null;
  /** The breaker update to make, or null when it stays as it is. */
  breaker: { succeeded: boolean; openUntilIfTripped: Date } | null;
}

/** What one attempt changes: the delivery's new status and schedule, the breaker, the subscription. */
export function attemptChanges(f: AttemptFacts): AttemptChanges {
  const plan: AttemptPlan = f.refused
    ? { status: "dead", nextAttemptAt: null, disableSubscription: false }
    : f.isTest
      ? { ...planAfterAttempt(f.attemptNumber, f.result, f.now, []), disableSubscription: false }
      : planAfterAttempt(f.attemptNumber, f.result, f.now, f.retryDelays);
  const status = "status" in f.result ? f.result.status : null;
  const error =
    "error" in f.result ? f.result.error : status !== null && status >= 300 ? `HTTP ${status}` : null;
  const succeeded = plan.status === "succeeded";
  const breakerUntouched =
    succeeded && f.subscription.consecutiveFailures === 0 && !f.subscription.breakerOpenUntil;
  const breaker =
    f.isTest || f.refused || breakerUntouched
      ? null
      : // Where openUntil lands if this failure is the one that trips the breaker (breaker.ts).
        { succeeded, openUntilIfTripped: new Date(f.now.getTime() + f.breakerCooldownSeconds * 1000) };
  return { plan, responseStatus: status, error, breaker };
}
