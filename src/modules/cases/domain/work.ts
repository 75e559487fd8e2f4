/**
 * Analyst case work shared by fraud and AML cases (docs/decisions/case-work.md): the projected
 * assignee, due dates (SLA per kind and severity, the AML 24-hour STR clock), tags, outcome
 * labels and the maker-checker close. Pure: no I/O, no clock of its own.
 */

export const CASE_KINDS = ["fraud", "aml"] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

export const SLA_LEVELS = ["low", "medium", "high", "critical"] as const;
export type SlaLevel = (typeof SLA_LEVELS)[number];
export type SlaHours = Record<SlaLevel, number>;

/**
 * Hours from opening to due, per severity (fraud) or risk level (AML). Defaults: fraud moves
 * money in minutes, so its critical cases are due within 4 hours; AML reviews take days, but a
 * case marked suspicious is bound by the 24-hour STR clock whatever its level.
 */
export const DEFAULT_CASE_SLA: Record<CaseKind, SlaHours> = {
  fraud: { low: 72, medium: 24, high: 8, critical: 4 },
  aml: { low: 240, medium: 120, high: 72, critical: 24 },
};
/** The longest SLA a tenant may set: a year. */
export const MAX_SLA_HOURS = 8760;
export const STR_CLOCK_HOURS = 24;
const HOUR = 3_600_000;

export type CaseSlaSetting = Partial<Record<CaseKind, Partial<SlaHours>>>;

/** The tenant's hours for the kind and level, the default for whatever it did not set. */
export const slaHours = (setting: CaseSlaSetting | undefined, kind: CaseKind, level: string): number => {
  const lvl = (SLA_LEVELS as readonly string[]).includes(level) ? (level as SlaLevel) : "medium";
  return setting?.[kind]?.[lvl] ?? DEFAULT_CASE_SLA[kind][lvl];
};

/** When a case opened at `openedAt` is due. */
export const dueAtFor = (
  setting: CaseSlaSetting | undefined,
  kind: CaseKind,
  level: string,
  openedAt: Date,
): string => new Date(openedAt.getTime() + slaHours(setting, kind, level) * HOUR).toISOString();

/**
 * The STR clock, started when an AML case is marked suspicious (escalated): the report is due
 * 24 hours after the suspicion was formed. A later re-escalation keeps the first clock (the
 * suspicion was formed then); the case's due date becomes the earlier of the two.
 */
export function strClock(current: { dueAt: string | null; strDueAt: string | null }, now: Date) {
  const strDueAt = current.strDueAt ?? new Date(now.getTime() + STR_CLOCK_HOURS * HOUR).toISOString();
  const dueAt = current.dueAt && current.dueAt < strDueAt ? current.dueAt : strDueAt;
  return { dueAt, strDueAt };
}

/** A case is overdue when it is still open and its due date has passed. */
export const isOverdue = (dueAt: string | null, closed: boolean, now: Date) =>
  !closed && dueAt !== null && dueAt <= now.toISOString();

// ---- outcomes ------------------------------------------------------------------------------

/**
 * The analyst's label on a closed case: `confirmed` (the activity was what the rule suspected),
 * `false_positive` (it was not), `inconclusive` (closed without a finding either way).
 */
export const OUTCOMES = ["confirmed", "false_positive", "inconclusive"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * The labels each closing status admits; the first is the default when the close names none.
 * The status stays what rule feedback reads (confirmed vs cleared); the label refines it and
 * cannot contradict it.
 */
export const OUTCOMES_BY_CLOSE: Record<string, readonly Outcome[]> = {
  // fraud
  closed_cleared: ["false_positive", "inconclusive"],
  closed_suspicious: ["confirmed"],
  closed_reported: ["confirmed"],
  // aml (closed_reported is shared)
  closed_false_positive: ["false_positive"],
  closed_no_action: ["inconclusive", "false_positive", "confirmed"],
};

export type OutcomeDecision = { ok: true; outcome: Outcome } | { ok: false; message: string };

export function outcomeFor(closeStatus: string, given: Outcome | null | undefined): OutcomeDecision {
  const allowed = OUTCOMES_BY_CLOSE[closeStatus];
  if (!allowed) return { ok: false, message: `${closeStatus} is not a closing status` };
  if (!given) return { ok: true, outcome: allowed[0] };
  return allowed.includes(given)
    ? { ok: true, outcome: given }
    : { ok: false, message: `${closeStatus} admits outcome ${allowed.join(" or ")}, not ${given}` };
}

// ---- tags ------------------------------------------------------------------------------------

export const TAG_PATTERN = /^[a-z0-9][a-z0-9_.:-]{0,39}$/;
export const MAX_TAGS_PER_CASE = 20;

/**
 * Tags are labels, stored plain (cases are filtered by them), so they must not hold personal data
 * (issue 35; docs/decisions/case-work.md#tags): the pattern already refuses `@`, spaces and
 * capitals; this refuses six digits or more once separators are dropped (a phone, account or id
 * number, also written `024-870-6383`). A customer's name in a tag is refused by the case services
 * (privacy's assertTagsImpersonal), which can read the tenant's customers.
 */
export const tagHoldsNumber = (tag: string) => /\d{6}/.test(tag.replace(/[_.:-]/g, ""));

/** The tags after adding and removing (order kept, no duplicates); which entries to write. */
export function tagChanges(current: readonly string[], add: readonly string[], remove: readonly string[]) {
  const removed = remove.filter((t) => current.includes(t));
  const kept = current.filter((t) => !removed.includes(t));
  const added = [...new Set(add)].filter((t) => !kept.includes(t));
  return { tags: [...kept, ...added], added, removed };
}

// ---- maker-checker close ---------------------------------------------------------------------

/** A close waiting for a second actor (tenant setting caseCloseRequiresSecondActor). */
export interface CloseRequest {
  toStatus: string;
  outcome: Outcome;
  actorId: string;
  actorName: string | null;
  requestedAt: string;
  /**
   * Who requested it (`user:<id>` or `integration:<key id>`, src/lib/principal.ts); absent on
   * requests made before principals were recorded, which compare actorId strings.
   */
  principal?: string;
}

export type CloseCheck =
  | { ok: true; request: CloseRequest }
  | { ok: false; code: "conflict" | "second_actor_required"; message: string };

/**
 * Whether the actor may confirm or reject the pending close. Four-eyes compares principals (the
 * credential's user, or the key of an integration): one principal cannot be maker and checker
 * whatever actorId strings it writes. A request recorded without a principal compares actorIds.
 */
export function checkSecondActor(
  pending: CloseRequest | null,
  actorId: string,
  confirming: boolean,
  principal?: string,
): CloseCheck {
  if (!pending)
    return { ok: false, code: "conflict", message: "The case has no close waiting for a second actor" };
  const same = pending.principal && principal ? pending.principal === principal : pending.actorId === actorId;
  if (confirming && same)
    return {
      ok: false,
      code: "second_actor_required",
      message: `The close was requested by ${pending.principal ?? pending.actorId}; a different ${pending.principal?.startsWith("integration:") ? "credential (a user, or another key)" : "actor"} must confirm it`,
    };
  return { ok: true, request: pending };
}

/**
 * What a close by `actor` becomes under the tenant's maker-checker setting: the request that
 * waits for a second actor, recording its maker and principal; null when the close goes ahead.
 * Every kind records its requests through this, so four-eyes reads the same fields.
 */
export function closeRequestFor(
  requiresSecondActor: boolean,
  close: { toStatus: string; outcome: Outcome },
  actor: { actorId: string; actorName?: string | null; principal?: string },
  at: string,
): CloseRequest | null {
  if (!requiresSecondActor) return null;
  return {
    toStatus: close.toStatus,
    outcome: close.outcome,
    actorId: actor.actorId,
    actorName: actor.actorName ?? null,
    requestedAt: at,
    ...(actor.principal ? { principal: actor.principal } : {}),
  };
}

// ---- the projection --------------------------------------------------------------------------

/** What the case lists show besides the status; kept by each kind's append path. */
export interface CaseWork {
  assigneeId: string | null;
  assigneeName: string | null;
  dueAt: string | null;
  strDueAt: string | null;
  slaBreachedDueAt: string | null;
  tags: string[];
  outcome: Outcome | null;
  closeRequest: CloseRequest | null;
}

export const presentWork = (w: CaseWork, closed: boolean, now: Date) => ({
  assignee: w.assigneeId ? { id: w.assigneeId, name: w.assigneeName } : null,
  dueAt: w.dueAt,
  overdue: isOverdue(w.dueAt, closed, now),
  slaBreachedDueAt: w.slaBreachedDueAt,
  tags: w.tags,
  outcome: w.outcome,
  closeRequest: w.closeRequest,
});

// ---- SLA breach sweep ------------------------------------------------------------------------

/** Cases whose breach one sweep run records per shard and kind (D1: ~6 queries each). */
export const SLA_SWEEP_LIMIT = 20;

/**
 * The outbox id of a breach: derived from kind, tenant, case and due date, so a repeated run
 * (or a retried batch) records the event at most once per case and due date.
 */
export async function slaEventId(kind: CaseKind, tenantId: string, caseId: string, dueAt: string) {
  const digest = new Uint8Array(
    await crypto.subtle.digest(
      "SHA-256",
      new TextEncoder().encode(`sla:${kind}:${tenantId}:${caseId}:${dueAt}`),
    ),
  );
  const hex = [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  // Shaped as a UUID (version 8: custom), like the outbox's other ids.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
