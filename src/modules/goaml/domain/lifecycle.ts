/**
 * A goAML report's filing lifecycle: generated as a draft, submitted when the analyst files it
 * on the FIU's portal (with the FIU's reference number), then accepted or rejected by the FIU.
 * A rejected report is not edited: a new report replaces it, carrying the rejected report's
 * FIU reference as prev_rejected_ref_number. Linear, so each status is left at most once.
 */
export const REPORT_STATUSES = ["draft", "submitted", "accepted", "rejected"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_TRANSITIONS: Record<ReportStatus, readonly ReportStatus[]> = {
  draft: ["submitted"],
  submitted: ["accepted", "rejected"],
  accepted: [],
  rejected: [],
};

export const canMoveReport = (from: ReportStatus, to: ReportStatus) => REPORT_TRANSITIONS[from].includes(to);

/** A report on file with the FIU: what closing an AML case as reported requires. */
export const FILED_STATUSES: readonly ReportStatus[] = ["submitted", "accepted"];

/** The AML case history entry type each status change writes. */
export const CASE_ENTRY_FOR: Record<Exclude<ReportStatus, "draft">, CaseReportEntry> = {
  submitted: "report_submitted",
  accepted: "report_accepted",
  rejected: "report_rejected",
};
export type CaseReportEntry = "report_generated" | "report_submitted" | "report_accepted" | "report_rejected";
