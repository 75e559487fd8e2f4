/**
 * Fairness rules of the shared jobs queue, pure (docs/decisions/fairness.md): how many jobs a
 * tenant may run at once, how long a slot is leased, and how long a job that found no free
 * slot waits before it asks again.
 */

/** Jobs a tenant may run at once when the operator set nothing (tenant settings.jobConcurrency). */
export const DEFAULT_JOB_CONCURRENCY = 2;
/** The most an operator may set: above it one tenant could hold every consumer the queue has. */
export const MAX_JOB_CONCURRENCY = 50;
/**
 * A slot is leased for the longest a queue consumer invocation may last (15 minutes of wall
 * time): a consumer that dies without giving its slot back frees it by then.
 */
export const SLOT_LEASE_MS = 15 * 60_000;

const FIRST_WAIT_SECONDS = 10;
const MOST_WAIT_SECONDS = 120;

/**
 * The delay before a deferred job asks for a slot again: doubling with each deferral (10, 20,
 * 40, 80, then 120 s), plus up to half of it again at random, so a flood of deferred messages
 * spreads out instead of coming back together and costing a control-database write each.
 */
export function deferralDelaySeconds(deferrals: number, random: () => number = Math.random): number {
  const base = Math.min(MOST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** Math.max(0, Math.min(deferrals, 10)));
  return Math.round(base + base * 0.5 * random());
}

/** The deferral count a re-sent job message carries (absent on a first send or a bad value). */
export function deferralsOf(body: unknown): number {
  const n = (body as { deferrals?: unknown } | null)?.deferrals;
  return Number.isSafeInteger(n) && (n as number) > 0 ? (n as number) : 0;
}
