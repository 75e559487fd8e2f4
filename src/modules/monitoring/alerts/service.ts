/**
 * Stored monitoring alerts, read (docs/decisions/alerts-and-snoozes.md). The monitoring engine
 * writes them (monitoring/screening); this file lists and gets them for the API.
 */
import type { TenantContext } from "../../../db/tenant-context";
import { badRequest, notFound } from "../../../lib/errors";
import { presentPage } from "../../../lib/pagination";
import { grants } from "../../../lib/scopes";
import { presentAlert, presentFraudAlert } from "./present";
import * as repo from "./repo";

export type AlertKind = "fraud" | "aml";

export interface AlertQuery {
  kind?: AlertKind;
  ruleId?: string;
  ruleSetVersion?: number;
  severity?: string;
  entityType?: string;
  entityId?: string;
  trigger?: string;
  status?: string;
  from?: string;
  to?: string;
}

/**
 * The alert kinds a key may read: a fraud alert needs fraud:read, an AML alert aml:read. The
 * monitoring list is declared under aml:read; a key without fraud:read does not see fraud alerts
 * there (they stay with GET /v1/fraud/alerts).
 */
export const visibleKinds = (scopes: readonly string[]): AlertKind[] =>
  (["fraud", "aml"] as const).filter((k) => grants(scopes, `${k}:read`));

function checked(query: AlertQuery, kinds: AlertKind[]): repo.AlertFilter {
  const problems: { path: string; message: string }[] = [];
  // Served by (tenant, entity_type, entity_id, ...): an id alone would scan the tenant's alerts.
  if (query.entityId !== undefined && query.entityType === undefined)
    problems.push({ path: "entityType", message: "required with entityId" });
  const from = query.from ? new Date(query.from).toISOString() : undefined;
  const to = query.to ? new Date(query.to).toISOString() : undefined;
  if (from && to && from > to) problems.push({ path: "to", message: "must not be before from" });
  if (problems.length) throw badRequest("Invalid alert filter", problems);
  const wanted = query.kind ? kinds.filter((k) => k === query.kind) : kinds;
  return { ...query, kinds: wanted, from, to };
}

export async function listAlerts(ctx: TenantContext, query: AlertQuery, kinds: AlertKind[], page: repo.Page) {
  const filter = checked(query, kinds);
  // A kind the key may not read: an empty page, as if there were none.
  if (filter.kinds.length === 0)
    return { data: [], page: { total: 0, offset: page.offset, nextCursor: null } };
  return presentPage(await repo.listAlerts(ctx, filter, page), presentAlert);
}

/** One alert; another tenant's, or a kind the key may not read, is a 404. */
export async function getAlert(ctx: TenantContext, alertId: string, kinds: AlertKind[]) {
  const row = await repo.findAlert(ctx, alertId);
  if (!row || !kinds.includes(row.kind)) throw notFound("Alert");
  return presentAlert(row);
}

/** Of these alert ids, the ones the key may read (its kinds), for lists that mention alerts. */
export async function readableAlertIds(ctx: TenantContext, ids: string[], kinds: AlertKind[]) {
  const found = await repo.alertKinds(ctx, [...new Set(ids)]);
  return new Set([...found].filter(([, kind]) => kinds.includes(kind)).map(([id]) => id));
}

/** GET /v1/fraud/alerts: the tenant's stored fraud alerts in the FraudAlert shape. */
export async function listFraudAlerts(ctx: TenantContext, query: Omit<AlertQuery, "kind">, page: repo.Page) {
  return presentPage(await repo.listAlerts(ctx, checked(query, ["fraud"]), page), presentFraudAlert);
}
