import { z } from "@hono/zod-openapi";
import { IsoDateTime, PaginationQuery } from "../../../http/openapi";

/** Stored monitoring alerts (docs/decisions/alerts-and-snoozes.md). Mirrors src/db/shard/monitoring.ts. */
export const ALERT_KINDS = ["fraud", "aml"] as const;
export const ALERT_TRIGGERS = ["arrival", "schedule", "on_demand", "pre_transaction", "rescreen"] as const;
export const ALERT_SEVERITIES = ["low", "medium", "high", "critical"] as const;
export const ALERT_STATUSES = ["open", "withdrawn"] as const;
export const ALERT_ENTITY_TYPES = ["customer", "account", "agent", "merchant", "counterparty"] as const;

export const AlertKind = z.enum(ALERT_KINDS).openapi("MonitoringAlertKind");
export const AlertTrigger = z
  .enum(ALERT_TRIGGERS)
  .openapi("MonitoringTrigger", { description: "What started the screening that raised the alert" });
export const AlertStatus = z.enum(ALERT_STATUSES).openapi("MonitoringAlertStatus", {
  description:
    "open as raised; withdrawn when history that arrived later showed it no longer fires (the row stays)",
});
export const Severity = z.enum(ALERT_SEVERITIES).openapi("MonitoringAlertSeverity");
export const EntityType = z.enum(ALERT_ENTITY_TYPES).openapi("MonitoringEntityType");

const CreatedBound = (which: string) =>
  IsoDateTime.optional().openapi({ description: `Alerts created at or ${which} this time` });

/** The filters of both alert lists; each is answered by an index (docs/decisions/alerts-and-snoozes.md). */
const filters = {
  ruleId: z.string().min(1).max(100).optional().openapi({ description: "Alerts where this rule fired" }),
  ruleSetVersion: z.coerce.number().int().min(1).max(1_000_000_000).optional(),
  severity: Severity.optional(),
  entityType: EntityType.optional(),
  entityId: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: "Needs entityType (an entity is named by its type and id)" }),
  trigger: AlertTrigger.optional(),
  status: AlertStatus.optional().openapi({ description: "open, or withdrawn by late history; absent: both" }),
  from: CreatedBound("after"),
  to: CreatedBound("before"),
};

export const AlertListQuery = PaginationQuery.extend({ kind: AlertKind.optional(), ...filters });
export const FraudAlertListQuery = PaginationQuery.extend(filters);
