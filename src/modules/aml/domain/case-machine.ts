/** KYC/AML case state machine (docs/contract.md#aml-cases). */
export const AML_CASE_STATUSES = [
  "open",
  "under_investigation",
  "pending_information",
  "escalated",
  "closed_false_positive",
  "closed_no_action",
  "closed_reported",
] as const;
export type AmlCaseStatus = (typeof AML_CASE_STATUSES)[number];

export const AML_TRANSITIONS: Record<AmlCaseStatus, readonly AmlCaseStatus[]> = {
  open: [
    "under_investigation",
    "pending_information",
    "escalated",
    "closed_false_positive",
    "closed_no_action",
  ],
  under_investigation: [
    "pending_information",
    "escalated",
    "closed_false_positive",
    "closed_no_action",
    "closed_reported",
  ],
  pending_information: ["under_investigation", "escalated", "closed_no_action"],
  escalated: ["under_investigation", "closed_no_action", "closed_reported"],
  closed_false_positive: [],
  closed_no_action: [],
  closed_reported: [],
};

const LABELS: Record<AmlCaseStatus, string> = {
  open: "Open",
  under_investigation: "Under investigation",
  pending_information: "Pending information",
  escalated: "Escalated",
  closed_false_positive: "Closed: false positive",
  closed_no_action: "Closed: no action",
  closed_reported: "Closed: suspicious transaction report filed",
};

export const isTerminal = (status: AmlCaseStatus): boolean => AML_TRANSITIONS[status].length === 0;

export const canTransition = (from: AmlCaseStatus, to: AmlCaseStatus): boolean =>
  AML_TRANSITIONS[from].includes(to);

export const statusDetails = () =>
  AML_CASE_STATUSES.map((status) => ({
    status,
    label: LABELS[status],
    isTerminal: isTerminal(status),
    validTransitions: [...AML_TRANSITIONS[status]],
  }));
