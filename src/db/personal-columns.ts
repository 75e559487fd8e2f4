import type { TenantTableName } from "./tenant-table-list";

/**
 * THE declaration of where a customer's personal data sits on a shard, for a data-subject erasure
 * (src/modules/privacy, src/db/maintenance.ts scrubPage): which columns hold it, and which rows are
 * the subject's. An erasure touches these rows and columns and nothing else: not audit actions or
 * targets, not rule sets, not other customers' rows, never a chained log's stored bytes.
 * src/db/personal-columns.test.ts checks every table and column against the Drizzle schema.
 *
 * Which rows are the subject's (any selector matching makes the row the subject's; in SQL, ?1 is
 * the tenant and ?2 the customer id):
 * - `owner`: the column holds the customer's id (its own row, accounts, transactions);
 * - `mentions`: the column's JSON names the customer's id (events, deliveries, workflow inputs);
 * - `equals`: the column's value is one of the subject's values, compared normalised (name and
 *   e-mail case-blind and whitespace-collapsed, phone in each of its forms): a counterparty named
 *   or a list entry written for the subject;
 * - `where`: a condition of its own (case files of the subject's cases).
 * Cached answers (idempotency_keys.body) are sealed, so SQL cannot search them: the erasure job
 * opens them (src/modules/idempotency/service.ts dropAnswersNaming) and drops those that name the
 * subject.
 */
export type SubjectRows =
  | { owner: string }
  | { mentions: string }
  | { equals: string }
  | { where: string; uses: readonly string[] };

export interface PersonalColumns {
  table: TenantTableName;
  /** Text columns whose occurrences of the subject's values become "[erased]". */
  columns: readonly string[];
  rows: readonly SubjectRows[];
  /** Derived or cached rows: the subject's rows are deleted, not rewritten. */
  drop?: boolean;
  /** Columns that are wholly the subject's value in its rows: erased whole, whatever their form. */
  whole?: readonly string[];
  /** Columns under a unique index: an erased value becomes "[erased] <row id>", unique in turn. */
  unique?: readonly string[];
  /** The category in the erasure's answer. */
  category: string;
}

/** The ids a case about the subject names: the customer's own, and its accounts'. */
const SUBJECT_ENTITIES =
  "SELECT ?2 UNION ALL SELECT id FROM accounts WHERE tenant_id = ?1 AND customer_id = ?2";
const ACCOUNT_COLUMNS = ["accounts.id", "accounts.customer_id"];

export const PERSONAL_COLUMNS: readonly PersonalColumns[] = [
  {
    table: "customers",
    columns: ["name", "email", "phone", "business_info"],
    rows: [{ owner: "id" }],
    category: "customer profile",
  },
  { table: "accounts", columns: ["name"], rows: [{ owner: "customer_id" }], category: "account names" },
  {
    table: "transactions",
    columns: ["description", "counterparty_name", "counterparty_account"],
    rows: [{ owner: "customer_id" }, { equals: "counterparty_name" }, { equals: "counterparty_account" }],
    category: "transaction descriptions and counterparties",
  },
  { table: "events", columns: ["data"], rows: [{ mentions: "data" }], category: "events" },
  {
    table: "sanctions_cases",
    columns: ["subject_name"],
    rows: [{ owner: "subject_id" }, { equals: "subject_name" }],
    category: "sanctions cases",
  },
  {
    table: "webhook_deliveries",
    columns: ["payload"],
    rows: [{ mentions: "payload" }],
    category: "webhook payloads",
  },
  {
    table: "workflow_runs",
    columns: ["input", "steps", "output"],
    rows: [{ mentions: "input" }],
    category: "workflow runs",
  },
  {
    table: "case_files",
    columns: ["filename", "description"],
    rows: [
      {
        where:
          "case_id IN (SELECT id FROM fraud_cases WHERE tenant_id = ?1 AND entity_id IN (" +
          SUBJECT_ENTITIES +
          ") UNION ALL SELECT id FROM aml_cases WHERE tenant_id = ?1 AND entity_id IN (" +
          SUBJECT_ENTITIES +
          "))",
        uses: [
          "fraud_cases.id",
          "fraud_cases.entity_id",
          "aml_cases.id",
          "aml_cases.entity_id",
          ...ACCOUNT_COLUMNS,
        ],
      },
    ],
    // A file of the subject's case is about the subject: its name and description go whole.
    whole: ["filename", "description"],
    category: "case file names",
  },
  {
    table: "list_entries",
    columns: ["value", "original_value", "note"],
    rows: [{ equals: "value" }, { equals: "original_value" }],
    whole: ["value", "original_value"],
    unique: ["value"],
    category: "list entries",
  },
  {
    table: "list_history",
    columns: ["value", "details"],
    rows: [{ equals: "value" }],
    whole: ["value"],
    category: "list history",
  },
  {
    // A case snooze's entry names the subject by id; its note holds the caller's reason.
    table: "list_entries",
    columns: ["note"],
    rows: [
      { where: `entity_id IN (${SUBJECT_ENTITIES})`, uses: ["list_entries.entity_id", ...ACCOUNT_COLUMNS] },
    ],
    category: "list entries",
  },
  {
    table: "list_history",
    columns: ["details"],
    rows: [
      {
        where: `entry_id IN (SELECT id FROM list_entries WHERE tenant_id = ?1 AND entity_id IN (${SUBJECT_ENTITIES}))`,
        uses: ["list_history.entry_id", "list_entries.id", "list_entries.entity_id", ...ACCOUNT_COLUMNS],
      },
    ],
    category: "list history",
  },
  {
    table: "monitoring_alerts",
    columns: ["detail"],
    rows: [{ owner: "entity_id" }, { equals: "entity_id" }],
    category: "monitoring alerts",
  },
  {
    table: "monitoring_pending",
    columns: [],
    rows: [{ owner: "entity_id" }, { equals: "entity_id" }],
    drop: true,
    category: "monitoring work",
  },
  {
    table: "monitoring_screenings",
    columns: [],
    rows: [{ owner: "entity_id" }, { equals: "entity_id" }],
    drop: true,
    category: "monitoring work",
  },
  {
    // A hit whose case waits for the subject's other pending entities (the customer is the subject).
    table: "monitoring_deferred_cases",
    columns: ["hit"],
    rows: [{ owner: "subject_id" }],
    drop: true,
    category: "monitoring work",
  },
];

/** What an erasure keeps, and why: the erasure's answer lists these. */
export interface KeptRecords {
  category: string;
  reason: string;
  legalBasis: string;
}

const ACT_1044 =
  "Anti-Money Laundering Act, 2020 (Act 1044): records of transactions and investigations kept for " +
  "5 years; the Data Protection Act, 2012 (Act 843) yields to a legal duty to keep them";

export const KEPT_RECORDS: readonly KeptRecords[] = [
  {
    category: "fraud and AML case logs (notes, events, case rows)",
    reason:
      "append-only hash chains: evidence of an investigation, verifiable byte for byte; what a caller wrote " +
      "into a case about the customer or its accounts (notes, reasons, evidence references, resolutions, file " +
      "names) was sealed under the customer's key, which the erasure deletes, so it reads [erased]; tags, " +
      "statuses and ids stay",
    legalBasis: ACT_1044,
  },
  {
    category: "audit log",
    reason: "append-only hash chain naming the customer by id only",
    legalBasis: "Act 843 accountability of the controller; Act 1044 record keeping, 5 years",
  },
  {
    category: "goAML reports, subjects and their files",
    reason: "reports filed with the Financial Intelligence Centre cannot be altered",
    legalBasis: ACT_1044,
  },
  {
    category: "transactions, accounts and the customer row (ids, amounts, dates, statuses)",
    reason: "accounting and AML record keeping, under the now pseudonymous customer id",
    legalBasis: ACT_1044,
  },
  {
    category: "case evidence files",
    reason: "evidence of an investigation (their names are erased)",
    legalBasis: ACT_1044,
  },
];
