import { z } from "@hono/zod-openapi";
import { FLOWS } from "../../lib/flow-classes";
import type { EventType } from "./service";

/**
 * The event catalog: what each event type means and the exact shape of its `data`
 * (docs/contract.md#event-data). Typed over EventType, so a new type cannot be added without
 * its entry; the test setup (test/setup.ts) checks every event any test records against it.
 * Loaded with import() by the document and GET /v1/webhooks/event-types, like every responses.ts
 * (docs/architecture.md#what-loads-lazily).
 */

const Trigger = z.enum(["arrival", "schedule", "on_demand", "rescreen"]);
const EntityType = z.enum(["customer", "account", "agent", "merchant", "counterparty"]);
const Severity = z.enum(["low", "medium", "high", "critical"]);
const RuleSetStamp = z.strictObject({
  kind: z.enum(["fraud", "aml"]),
  version: z.number().int(),
  hash: z.string(),
  draft: z.unknown().optional(),
});
const FilingStatus = z.enum(["draft", "submitted", "accepted", "rejected"]);
const BhiAlert = z.strictObject({
  type: z.string(),
  severity: z.string(),
  message: z.string(),
  metric: z.string(),
  currentValue: z.number(),
  threshold: z.number(),
});
const WorkflowEnd = z.strictObject({
  runId: z.string(),
  workflowId: z.string(),
  workflowName: z.string(),
  status: z.enum(["succeeded", "failed"]),
  duration: z.string().openapi({ description: "Run time, e.g. 1.2s" }),
  error: z.string().optional(),
});

const LinkEnd = z.strictObject({ kind: z.enum(["fraud_case", "aml_case", "alert"]), id: z.string() });
const LinkEventData = z.strictObject({
  linkId: z.string(),
  ends: z.array(LinkEnd).length(2),
  actorId: z.string(),
  at: z.string(),
});
const LoanBucket = z.enum(["current", "1-30", "31-60", "61-90", "90+"]);
const LoanTransition = z.strictObject({
  loanId: z.string(),
  customerId: z.string(),
  externalSource: z.string(),
  externalId: z.string(),
  product: z.string(),
  fromBucket: LoanBucket,
  toBucket: LoanBucket,
  daysPastDue: z.number().int(),
  outstandingPrincipal: z.string().openapi({ description: "Decimal string, 2 fraction digits" }),
  currency: z.string(),
  asOf: z.string().openapi({ description: "The day (YYYY-MM-DD) the transition was seen" }),
});

export interface CatalogEntry {
  description: string;
  /** The component name the data schema has in the OpenAPI document. */
  component: string;
  data: z.ZodType;
}

export const EVENT_CATALOG: { [T in EventType]: CatalogEntry } = {
  "bhi.calculated": {
    description: "A customer's Business Health Index was calculated and stored.",
    component: "BhiCalculatedEventData",
    data: z
      .strictObject({
        customerId: z.string(),
        bhiOverall: z.number(),
        bhiBand: z.enum(["excellent", "good", "fair", "poor", "critical"]),
        trend: z.enum(["improving", "stable", "declining", "volatile"]),
        alerts: z.array(BhiAlert),
      })
      .openapi("BhiCalculatedEventData"),
  },
  "customer.risk_alert": {
    description: "A customer's BHI fell from at or above the tenant's riskAlertThreshold to below it.",
    component: "CustomerRiskAlertEventData",
    data: z
      .strictObject({
        customerId: z.string(),
        bhiOverall: z.number(),
        previousBhi: z.number().nullable(),
        threshold: z.number(),
        bhiBand: z.string(),
      })
      .openapi("CustomerRiskAlertEventData"),
  },
  "nba.generated": {
    description: "Next-best actions were generated for a customer.",
    component: "NbaGeneratedEventData",
    data: z
      .strictObject({
        customerId: z.string(),
        actionCount: z.number().int(),
        actions: z.array(
          z.strictObject({
            id: z.string(),
            actionType: z.string(),
            priority: z.enum(["critical", "high", "medium", "low"]),
          }),
        ),
      })
      .openapi("NbaGeneratedEventData"),
  },
  "workflow.completed": {
    description: "A workflow run succeeded.",
    component: "WorkflowCompletedEventData",
    data: WorkflowEnd.openapi("WorkflowCompletedEventData"),
  },
  "workflow.failed": {
    description: "A workflow run failed; `error` says why.",
    component: "WorkflowFailedEventData",
    data: WorkflowEnd.openapi("WorkflowFailedEventData"),
  },
  "fraud.alert_raised": {
    description:
      "Monitoring or an on-demand evaluation stored a fraud alert (at least one signal fired). Advisory only.",
    component: "FraudAlertRaisedEventData",
    data: z
      .strictObject({
        alertId: z.string(),
        entityType: EntityType,
        entityId: z.string(),
        severity: Severity,
        score: z.number().min(0).max(100),
        ruleIds: z.array(z.string()),
        trigger: Trigger,
        ruleSet: RuleSetStamp,
      })
      .openapi("FraudAlertRaisedEventData"),
  },
  "fraud.case_opened": {
    description: "A fraud alert opened a case (a hit on an already open case records no event).",
    component: "FraudCaseOpenedEventData",
    data: z
      .strictObject({
        caseId: z.string(),
        alertId: z.string(),
        entityType: EntityType,
        entityId: z.string(),
        severity: Severity,
        overallScore: z.number().min(0).max(100),
        trigger: Trigger,
      })
      .openapi("FraudCaseOpenedEventData"),
  },
  "sanctions.potential_match": {
    description:
      "A customer or a transfer's counterparty matched a sanctions or PEP list entry at or above the tenant's " +
      "threshold: a sanctions case was opened (or its open case updated) for review.",
    component: "SanctionsPotentialMatchEventData",
    data: z
      .strictObject({
        caseId: z.string(),
        subjectType: z.enum(["customer", "counterparty"]),
        subjectId: z.string(),
        listId: z.string(),
        entryRef: z.string(),
        score: z.number().min(0).max(1),
        source: z.enum(["customer", "transaction", "rescreen"]),
        transactionId: z
          .string()
          .optional()
          .openapi({ description: "For a counterparty: the most recent transaction that named it" }),
      })
      .openapi("SanctionsPotentialMatchEventData"),
  },
  "sanctions.case_decided": {
    description: "A sanctions case was decided: confirmed, or cleared as a false positive by a second key.",
    component: "SanctionsCaseDecidedEventData",
    data: z
      .strictObject({
        caseId: z.string(),
        subjectType: z.enum(["customer", "counterparty"]),
        subjectId: z.string(),
        state: z.enum(["confirmed", "false_positive"]),
      })
      .openapi("SanctionsCaseDecidedEventData"),
  },
  "aml.case_opened": {
    description: "An AML rule's hit opened a case for the entity and rule.",
    component: "AmlCaseOpenedEventData",
    data: z
      .strictObject({
        caseId: z.string(),
        alertId: z.string(),
        ruleId: z.string(),
        entityType: EntityType,
        entityId: z.string(),
        riskLevel: Severity.optional(),
        trigger: Trigger,
      })
      .openapi("AmlCaseOpenedEventData"),
  },
  "monitoring.alert_withdrawn": {
    description:
      "A monitoring alert was withdrawn (status withdrawn), or some of its rules were (status open, ruleIds the withdrawn ones): history that arrived later, dated before its episode, was judged with it as of the alert's own date and those rules were no longer raised (docs/methodology/monitoring.md#late-history). `closedCaseIds`: the cases of `caseIds` the system closed (nobody worked them and no alert naming them stands); the others got a note.",
    component: "MonitoringAlertWithdrawnEventData",
    data: z
      .strictObject({
        alertId: z.string(),
        kind: z.enum(["fraud", "aml"]),
        entityType: EntityType,
        entityId: z.string(),
        status: z.enum(["open", "withdrawn"]),
        reason: z.enum(["late_history"]),
        at: z.string(),
        asOf: z.string(),
        lateFrom: z.string(),
        ruleIds: z.array(z.string()),
        raisedNow: z.array(z.string()),
        caseIds: z.array(z.string()),
        /** Of caseIds, those the system closed (untouched, every alert they held withdrawn). */
        closedCaseIds: z.array(z.string()),
      })
      .openapi("MonitoringAlertWithdrawnEventData"),
  },
  "monitoring.run_completed": {
    description:
      "A scheduled or manual portfolio monitoring run ended (completed or failed), with its figures.",
    component: "MonitoringRunCompletedEventData",
    data: z
      .strictObject({
        runId: z.string(),
        trigger: z.enum(["schedule", "manual", "rescreen"]),
        occurrence: z.string(),
        status: z.enum(["running", "completed", "failed"]),
        startedAt: z.string(),
        completedAt: z.string().nullable(),
        durationMs: z.number().int().nullable(),
        figures: z.strictObject({
          entitiesScreened: z.number().int(),
          entitiesSkipped: z.number().int(),
          entitiesFailed: z.number().int(),
          alertsRaised: z.number().int(),
          casesOpened: z.number().int(),
          casesAppended: z.number().int(),
        }),
        steps: z.number().int(),
        error: z.string().nullable(),
        lookback: z
          .strictObject({ from: z.string(), to: z.string() })
          .nullable()
          .optional()
          .openapi({ description: "The range of history the run was asked to screen; null otherwise" }),
      })
      .openapi("MonitoringRunCompletedEventData"),
  },
  "goaml.report_generated": {
    description:
      "A goAML suspicious transaction report (STR) was generated from an AML case, validated and stored.",
    component: "GoamlReportGeneratedEventData",
    data: z
      .strictObject({ reportId: z.string(), kind: z.literal("str"), caseId: z.string(), sha256: z.string() })
      .openapi("GoamlReportGeneratedEventData"),
  },
  "goaml.report_status_changed": {
    description:
      "A goAML report moved in its filing lifecycle (submitted with the FIU reference, accepted, rejected).",
    component: "GoamlReportStatusChangedEventData",
    data: z
      .strictObject({
        reportId: z.string(),
        kind: z.enum(["str", "ctr"]),
        caseId: z.string().nullable(),
        day: z.string().nullable(),
        fromStatus: FilingStatus,
        toStatus: FilingStatus,
        fiuRefNumber: z.string().nullable(),
      })
      .openapi("GoamlReportStatusChangedEventData"),
  },
  "goaml.ctr_generated": {
    description:
      "The daily goAML cash transaction report (CTR) of a tenant-local day was generated and stored.",
    component: "GoamlCtrGeneratedEventData",
    data: z
      .strictObject({
        reportId: z.string(),
        day: z.string(),
        transactionCount: z.number().int(),
        sha256: z.string(),
      })
      .openapi("GoamlCtrGeneratedEventData"),
  },
  "case.sla_breached": {
    description:
      "A fraud or AML case passed its due date (SLA, or the AML 24-hour STR clock) without being closed; once per case and due date.",
    component: "CaseSlaBreachedEventData",
    data: z
      .strictObject({
        caseId: z.string(),
        kind: z.enum(["fraud", "aml"]),
        dueAt: z.string(),
        breachedAt: z.string(),
        status: z.string(),
        assigneeId: z.string().nullable(),
        queueId: z.string().nullable().optional().openapi({
          description: "The case's team queue (null when not routed; absent on events before queues)",
        }),
        severity: Severity.optional().openapi({ description: "Fraud cases" }),
        riskLevel: Severity.optional().openapi({ description: "AML cases" }),
        strDueAt: z
          .string()
          .nullable()
          .optional()
          .openapi({ description: "AML cases: the STR clock, if running" }),
      })
      .openapi("CaseSlaBreachedEventData"),
  },
  "case.assigned": {
    description:
      "A fraud or AML case was assigned or reassigned to an analyst (not sent for an unassignment); with the case's team queue.",
    component: "CaseAssignedEventData",
    data: z
      .strictObject({
        caseId: z.string(),
        kind: z.enum(["fraud", "aml"]),
        assigneeId: z.string(),
        assigneeName: z.string().nullable(),
        actorId: z.string(),
        queueId: z
          .string()
          .nullable()
          .openapi({ description: "The case's team queue; null when not routed" }),
        at: z.string(),
      })
      .openapi("CaseAssignedEventData"),
  },
  "case.linked": {
    description:
      "Two of a tenant's fraud cases, AML cases and alerts were linked (docs/decisions/case-work.md#links); the ends in their stored order.",
    component: "CaseLinkedEventData",
    data: LinkEventData.openapi("CaseLinkedEventData"),
  },
  "case.unlinked": {
    description: "A link between fraud cases, AML cases or alerts was removed.",
    component: "CaseUnlinkedEventData",
    data: LinkEventData.openapi("CaseUnlinkedEventData"),
  },
  "loan.entered_arrears": {
    description:
      "A loan moved from current into arrears (an installment unpaid after its due date); once per transition and day.",
    component: "LoanEnteredArrearsEventData",
    data: LoanTransition.openapi("LoanEnteredArrearsEventData"),
  },
  "loan.bucket_changed": {
    description:
      "A loan's arrears bucket (current, 1-30, 31-60, 61-90, 90+) changed, up or down; once per transition and day.",
    component: "LoanBucketChangedEventData",
    data: LoanTransition.openapi("LoanBucketChangedEventData"),
  },
  "loan.repaid": {
    description:
      "Repayments cover a loan's whole schedule (nothing outstanding); once per loan unless its schedule grows again.",
    component: "LoanRepaidEventData",
    data: LoanTransition.openapi("LoanRepaidEventData"),
  },
  "agent.float_low": {
    description:
      "An agent's e-float stock-out forecast crossed into risk (P(stock-out within 72 h) >= 50%) at a portfolio refresh; once per episode, re-armed when the probability falls below 25% (docs/methodology/agent-health.md#float).",
    component: "AgentFloatLowEventData",
    data: z
      .strictObject({
        agentId: z.string(),
        agentCode: z.string(),
        episode: z.number().int().min(1).openapi({ description: "The agent's episode number, from 1" }),
        currency: z.string(),
        floatBalance: z.string().openapi({ description: "E-float at the forecast, decimal string" }),
        hoursToStockout: z.strictObject({
          p10: z.number().nullable(),
          p50: z.number().nullable(),
          p90: z.number().nullable(),
        }),
        probabilityWithin24h: z.number().min(0).max(1),
        probabilityWithin72h: z.number().min(0).max(1),
        suggestedRebalance: z.string().openapi({ description: "Top-up for coverDays at p90 demand" }),
        coverDays: z.number(),
        forecastAsOf: z.string(),
      })
      .openapi("AgentFloatLowEventData"),
  },
  "flow_mapping.updated": {
    description:
      "The tenant replaced its category-to-flow mapping; a backfill re-classifies every stored transaction with it (docs/methodology/flows.md).",
    component: "FlowMappingUpdatedEventData",
    data: z
      .strictObject({
        entries: z.array(z.strictObject({ category: z.string(), flow: z.enum(FLOWS) })),
        backfillId: z.string(),
      })
      .openapi("FlowMappingUpdatedEventData"),
  },
};

/** Where an event's data departs from its catalog entry; empty when it matches. */
export function catalogIssues(type: string, data: unknown): string[] {
  const entry = (EVENT_CATALOG as Record<string, CatalogEntry | undefined>)[type];
  if (!entry) return [`${type}: not in the event catalog`];
  const result = entry.data.safeParse(data);
  return result.success
    ? []
    : result.error.issues.map((i) => `${type}: ${i.path.join(".") || "(data)"}: ${i.message}`);
}
