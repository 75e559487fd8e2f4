import { count, inArray, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { inJsonList } from "../../../db/sql";
import { tenantSql } from "../../../db/tenant-tables";
import { amlCases } from "../../aml/read-model";
import { fraudCaseHeads, fraudCases } from "../../fraud/read-model";
import type { OutcomeRow } from "../../rules/feedback/service";

/** Closed AML cases by rule, rule-set version and status (one statement; both are columns of the case). */
export const amlClosedCases = (scope: TenantScope, statuses: string[]): Promise<OutcomeRow[]> =>
  scope.db
    .select({
      ruleId: amlCases.ruleId,
      version: amlCases.ruleSetVersion,
      status: amlCases.status,
      n: count(),
    })
    .from(amlCases, inArray(amlCases.status, statuses))
    .groupBy(amlCases.ruleId, amlCases.ruleSetVersion, amlCases.status);

/**
 * Closed fraud cases by signal, rule-set version and current status: a case counts once for each signal that
 * triggered on its alert (the case's triggered_signals JSON).
 */
export const fraudClosedCases = (scope: TenantScope, statuses: string[]): Promise<OutcomeRow[]> =>
  scope.db.all<OutcomeRow>(sql`
    SELECT json_extract(s.value, '$.signalId') AS ruleId, c.rule_set_version AS version,
      h.current_status AS status, count(DISTINCT c.id) AS n
    FROM ${fraudCases} c
    JOIN ${fraudCaseHeads} h ON h.case_id = c.id AND ${tenantSql(scope, "h")}, json_each(c.triggered_signals) s
    WHERE ${tenantSql(scope, "c")} AND ${inJsonList(sql`h.current_status`, statuses)}
      AND json_type(s.value, '$.signalId') = 'text' AND coalesce(json_extract(s.value, '$.triggered'), 1) <> 0
    GROUP BY 1, 2, 3`);
