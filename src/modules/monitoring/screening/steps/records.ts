import type { TenantScope } from "../../../../db/client";
import type { RuleOutcome } from "../../../aml/domain/evaluate";
import { highestSeverity } from "../../../detection/domain/outcome";
import { eventInsert, eventsInsert } from "../../../events/service";
import type { FraudAlert } from "../../../fraud/evaluation/service";
import { alertStatements, alertsStatements, type DeferredCase, deferredCasesInsert } from "../repo";
import type { CaseRef, Outcome, ScreeningBase } from "./outcome";

/**
 * What a hit leaves behind once its cases are settled: the alert row (with its case refs) and
 * the events. No case work here, so on-demand evaluations (whose modules open their own cases)
 * store their alerts with the same builders as the engine without importing the case services.
 */

/** The case a fraud hit opened (created) or found open and appended to; null when none was touched. */
export interface FraudCaseResult {
  caseId: string;
  created: boolean;
  /** Its `alert_added` was written in the batch that opened the case (no append left). */
  chained?: boolean;
}

/** The screening's risk score and episode dates, kept in the alert's detail (absent for evaluations outside screening). */
const screeningFacts = (base: ScreeningBase) => ({
  ...(base.risk ? { risk: base.risk } : {}),
  ...(base.episode ? { firstAt: base.episode.firstAt, lastAt: base.episode.lastAt } : {}),
  ...(base.asOf ? { asOf: base.asOf } : {}),
});

export function fraudRecord(
  evaluation: FraudAlert,
  alertId: string,
  caseResult: FraudCaseResult | null,
  base: ScreeningBase,
): Outcome {
  const fraud = { ...evaluation, alertId };
  const ruleIds = fraud.triggeredSignals.map((s) => s.signalId);
  const { entityType, entityId, severity, overallScore, ruleSet } = fraud;
  const cases: CaseRef[] = [];
  const events: Outcome["events"] = [
    {
      type: "fraud.alert_raised",
      data: {
        alertId,
        entityType,
        entityId,
        severity,
        score: overallScore,
        ruleIds,
        trigger: base.trigger,
        ruleSet,
      },
    },
  ];
  if (caseResult) {
    cases.push({
      caseId: caseResult.caseId,
      kind: "fraud",
      action: caseResult.created ? "opened" : "appended",
    });
    if (caseResult.created)
      events.push({
        type: "fraud.case_opened",
        data: {
          caseId: caseResult.caseId,
          alertId,
          entityType,
          entityId,
          severity,
          overallScore,
          trigger: base.trigger,
        },
      });
  }
  return {
    alert: {
      id: alertId,
      kind: "fraud",
      trigger: base.trigger,
      entityType,
      entityId,
      severity,
      score: overallScore,
      ruleIds,
      ruleSetVersion: ruleSet.version,
      ruleSetHash: ruleSet.hash,
      screeningId: base.screeningId,
      runId: base.runId,
      cases,
      detail: { ...(fraud as unknown as Record<string, unknown>), ...screeningFacts(base) },
      createdAt: base.at.toISOString(),
    },
    events,
  };
}

/** The parts of an AML evaluation an alert keeps (everything but its case list and dry-run flag). */
export interface AmlEvaluationLike {
  entityType: Outcome["alert"]["entityType"];
  entityId: string;
  ruleSet: { version: number; hash: string };
  triggeredRules: RuleOutcome[];
  cases: unknown;
  dryRun: boolean;
}

/** An AML case a fired rule opened (created) or found open and appended to. */
export interface AmlCaseResult {
  caseId: string;
  ruleId: string;
  created: boolean;
  /** Its `alert_added` was written in the batch that opened the case (no append left). */
  chained?: boolean;
}

export function amlRecord(
  evaluation: AmlEvaluationLike,
  fired: RuleOutcome[],
  alertId: string,
  found: AmlCaseResult[],
  base: ScreeningBase,
): Outcome {
  const ruleIds = fired.map((o) => o.ruleId);
  const { entityType, entityId } = evaluation;
  const cases: CaseRef[] = [];
  const events: Outcome["events"] = [];
  for (const c of found) {
    cases.push({ caseId: c.caseId, kind: "aml", action: c.created ? "opened" : "appended" });
    if (!c.created) continue;
    const riskLevel = fired.find((o) => o.ruleId === c.ruleId)?.riskLevel;
    events.push({
      type: "aml.case_opened",
      data: {
        caseId: c.caseId,
        alertId,
        ruleId: c.ruleId,
        entityType,
        entityId,
        riskLevel,
        trigger: base.trigger,
      },
    });
  }
  const { triggeredRules: _all, cases: _none, dryRun: _dry, ...rest } = evaluation;
  return {
    alert: {
      id: alertId,
      kind: "aml",
      trigger: base.trigger,
      entityType,
      entityId,
      severity: highestSeverity(fired.map((o) => o.riskLevel)),
      score: null,
      ruleIds,
      ruleSetVersion: evaluation.ruleSet.version,
      ruleSetHash: evaluation.ruleSet.hash,
      screeningId: base.screeningId,
      runId: base.runId,
      cases,
      detail: { ...rest, triggeredRules: fired, ...screeningFacts(base) },
      createdAt: base.at.toISOString(),
    },
    events,
  };
}

/** The alerts' rows and their events, for one batch. */
export function outcomeStatements(scope: TenantScope, outcomes: readonly Outcome[], at: Date) {
  return outcomes.flatMap((o) => [
    ...alertStatements(scope, o.alert),
    ...o.events.map((e) => eventInsert(scope, e.type, e.data, at)),
  ]);
}

/**
 * outcomeStatements for a page's screenings: their alerts, events and deferred hits
 * (steps/deferred.ts) in a few multi-row inserts.
 */
export function pageOutcomeStatements(
  scope: TenantScope,
  screenings: ReadonlyArray<{ outcomes: readonly Outcome[]; at: Date; deferred?: readonly DeferredCase[] }>,
) {
  return [
    ...alertsStatements(
      scope,
      screenings.flatMap((s) => s.outcomes.map((o) => o.alert)),
    ),
    ...eventsInsert(
      scope,
      screenings.flatMap((s) => s.outcomes.flatMap((o) => o.events.map((e) => ({ ...e, at: s.at })))),
    ),
    ...deferredCasesInsert(
      scope,
      screenings.flatMap((s) => (s.deferred ?? []).map((d) => ({ ...d, createdAt: s.at.toISOString() }))),
    ),
  ];
}
