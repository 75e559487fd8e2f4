/** Event types a subscriber can receive (docs/contract.md#webhooks). */
export const EVENT_TYPES = [
  "bhi.calculated",
  "customer.risk_alert",
  "nba.generated",
  "workflow.completed",
  "workflow.failed",
  "fraud.alert_raised",
  "fraud.case_opened",
  "aml.case_opened",
  "monitoring.run_completed",
  "goaml.report_generated",
  "goaml.report_status_changed",
  "goaml.ctr_generated",
  "case.sla_breached",
  "case.linked",
  "case.unlinked",
  "loan.entered_arrears",
  "loan.bucket_changed",
  "loan.repaid",
  "agent.float_low",
  "flow_mapping.updated",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
