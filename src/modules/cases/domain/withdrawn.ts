/**
 * Whether the system may close a case whose every alert was withdrawn (late history:
 * docs/methodology/monitoring.md#late-history, docs/decisions/case-work.md#system-close). Pure: each
 * kind maps its case, projection and log onto these facts and decides in the case's order.
 */

/** Entries the system writes on an untouched case: its opening, alert hits, monitoring's notes, SLA breaches. */
const SYSTEM_ENTRIES: readonly string[] = ["created", "alert_added", "note_added", "sla_breached"];

export interface SystemCloseFacts {
  /** The case's status now, and the status a case opens in (fraud and AML: `open`). */
  status: string;
  openingStatus: string;
  assigneeId: string | null;
  tags: readonly string[];
  /** A close waiting for a second actor (someone asked to close it). */
  closeRequest: unknown | null;
  /** Every entry of its log. */
  entries: ReadonlyArray<{ eventType: string; actorType: string }>;
  /**
   * The alerts that opened it or were added to it, with their status once this withdrawal lands;
   * `opensCase: false` for one narrowed (some rules withdrawn) to what would not open a case now.
   */
  alerts: ReadonlyArray<{ status: string; opensCase?: boolean }>;
}

export type SystemCloseDecision =
  | { close: true }
  | { close: false; why: "not_opening_status" | "worked" | "alert_stands" | "no_alerts" };

/**
 * Closed by the system only when nobody worked the case and nothing it was raised on stands: it is
 * still in its opening status, has no assignee, tags or pending close, every entry of its log is a
 * system entry (its opening, alert hits, monitoring's notes, SLA breaches: an analyst's or an
 * integration's entry, a file, a link, a status move is work), and it holds alerts, each withdrawn
 * or narrowed to rules that would not open a case.
 */
export function systemCloseDecision(facts: SystemCloseFacts): SystemCloseDecision {
  if (facts.status !== facts.openingStatus) return { close: false, why: "not_opening_status" };
  const worked =
    facts.assigneeId !== null ||
    facts.tags.length > 0 ||
    facts.closeRequest != null ||
    facts.entries.some((e) => e.actorType !== "system" || !SYSTEM_ENTRIES.includes(e.eventType));
  if (worked) return { close: false, why: "worked" };
  if (facts.alerts.length === 0) return { close: false, why: "no_alerts" };
  if (facts.alerts.some((a) => a.status !== "withdrawn" && a.opensCase !== false))
    return { close: false, why: "alert_stands" };
  return { close: true };
}

/** Why the system closes a case, recorded on its closing entry. */
export const WITHDRAWN_LATE_HISTORY = "withdrawn_late_history";

/** The closing status and outcome a kind's machine allows from its opening status, for a withdrawn case. */
export const SYSTEM_CLOSE = {
  fraud: { toStatus: "closed_cleared", outcome: "false_positive" },
  aml: { toStatus: "closed_false_positive", outcome: "false_positive" },
} as const;
