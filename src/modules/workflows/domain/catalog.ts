/**
 * The built-in workflows every tenant has (docs/contract.md#workflows). They live in code, not in
 * the database: identical for every tenant, versioned with the deployment, and a new tenant
 * has them from its first request. Runs are stored per tenant.
 */
export const WORKFLOW_IDS = ["bhi-refresh", "risk-review", "monthly-reports"] as const;
export type WorkflowId = (typeof WORKFLOW_IDS)[number];

export const STEP_ACTIONS = [
  "bhi.calculate",
  "nba.generate_declining",
  "fraud.evaluate_and_create",
  "aml.evaluate_dry_run",
  "reports.generate_pdf",
] as const;
export type StepAction = (typeof STEP_ACTIONS)[number];

export interface WorkflowTrigger {
  type: "manual" | "cron" | "event";
  config: Record<string, unknown>;
}

export interface WorkflowStepDefinition {
  id: string;
  name: string;
  action: StepAction;
  config: Record<string, unknown>;
}

export interface WorkflowDefinition {
  id: WorkflowId;
  name: string;
  description: string;
  version: string;
  status: "active";
  /** Whether a run needs input.customerId (else it covers the whole tenant when absent). */
  requiresCustomer: boolean;
  triggers: WorkflowTrigger[];
  steps: WorkflowStepDefinition[];
  /** When this version of the catalog was released. */
  createdAt: string;
}

export const DAILY_CRON = "0 2 * * *";
export const MONTHLY_CRON = "0 3 1 * *";
export const CATALOG_RELEASED_AT = "2026-11-21T00:00:00.000Z";

export const WORKFLOWS: Readonly<Record<WorkflowId, WorkflowDefinition>> = {
  "bhi-refresh": {
    id: "bhi-refresh",
    name: "BHI refresh",
    description:
      "Recalculates the Business Health Index (one customer, or every customer of the tenant), then generates next-best actions for customers whose latest BHI trend is declining and records nba.generated for each.",
    version: "1.0.0",
    status: "active",
    requiresCustomer: false,
    triggers: [
      { type: "manual", config: { input: { customerId: "optional uuid" } } },
      { type: "cron", config: { schedule: DAILY_CRON, timezone: "UTC" } },
    ],
    steps: [
      { id: "calculate-bhi", name: "Recalculate BHI", action: "bhi.calculate", config: {} },
      {
        id: "nba-declining",
        name: "Next-best actions for declining customers",
        action: "nba.generate_declining",
        config: { trend: "declining", recordEvents: true },
      },
    ],
    createdAt: CATALOG_RELEASED_AT,
  },
  "risk-review": {
    id: "risk-review",
    name: "Risk review",
    description:
      "Reviews a customer whose BHI fell below the tenant's risk threshold: fraud evaluation that opens a fraud case when the score reaches the threshold, and an AML dry-run evaluation (no AML cases).",
    version: "1.0.0",
    status: "active",
    requiresCustomer: true,
    triggers: [
      { type: "manual", config: { input: { customerId: "required uuid" } } },
      { type: "event", config: { eventType: "customer.risk_alert" } },
    ],
    steps: [
      {
        id: "fraud-evaluate",
        name: "Fraud evaluation (opens a case above threshold)",
        action: "fraud.evaluate_and_create",
        config: { windowDays: 30, createCaseThreshold: 30 },
      },
      {
        id: "aml-dry-run",
        name: "AML evaluation (dry run)",
        action: "aml.evaluate_dry_run",
        config: { windowDays: 30 },
      },
    ],
    createdAt: CATALOG_RELEASED_AT,
  },
  "monthly-reports": {
    id: "monthly-reports",
    name: "Monthly BHI reports",
    description:
      "Generates the BHI PDF report of every customer with a BHI record (or of one customer) and stores it in R2 under the tenant's prefix; a report whose latest BHI is unchanged is reused.",
    version: "1.0.0",
    status: "active",
    requiresCustomer: false,
    triggers: [
      { type: "manual", config: { input: { customerId: "optional uuid" } } },
      { type: "cron", config: { schedule: MONTHLY_CRON, timezone: "UTC" } },
    ],
    steps: [
      {
        id: "pdf-reports",
        name: "BHI PDF reports to R2",
        action: "reports.generate_pdf",
        config: { format: "pdf" },
      },
    ],
    createdAt: CATALOG_RELEASED_AT,
  },
};

export const isWorkflowId = (id: string): id is WorkflowId =>
  (WORKFLOW_IDS as readonly string[]).includes(id);
