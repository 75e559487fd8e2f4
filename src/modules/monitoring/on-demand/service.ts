import type { TenantContext } from "../../../db/tenant-context";
import { uuidV7 } from "../../../lib/crypto";
import type { RuleOutcome } from "../../aml/domain/evaluate";
import { evaluate as evaluateAml } from "../../aml/evaluation/service";
import { notifyOutbox } from "../../events/service";
import type { FraudAlert } from "../../fraud/evaluation/service";
import { evaluateAndCreate } from "../../fraud/service";
import type { Outcome, ScreeningBase } from "../screening/steps/outcome";
import {
  type AmlCaseResult,
  type AmlEvaluationLike,
  amlRecord,
  type FraudCaseResult,
  fraudRecord,
  outcomeStatements,
} from "../screening/steps/records";

/**
 * Alerts of evaluations a client asked for that keep a result (POST /v1/fraud/evaluate-and-create,
 * POST /v1/kyc-aml/evaluate with dryRun false): stored like the engine's (same builders, trigger
 * on_demand, events in the alert's batch). The calling module has settled the cases already (it
 * opens its own). Fraud and AML sit below monitoring, so they reach these through their ports
 * (fraud/steps/stored-alerts.ts, aml/evaluation/steps/stored-alerts.ts), filled by src/ports.ts.
 * An on-demand evaluation covers one kind, so it is not an entity screening (monitoring_screenings
 * is left alone: a scheduled run still screens the entity with both kinds).
 */

const onDemandBase = (at: Date): ScreeningBase => ({
  screeningId: uuidV7(at),
  trigger: "on_demand",
  runId: null,
  at,
});

async function store(ctx: TenantContext, outcome: Outcome, at: Date) {
  await ctx.db.batch(outcomeStatements(ctx, [outcome], at) as never);
  await notifyOutbox(ctx);
}

/** A fraud evaluation with at least one fired signal: its alert (id = the evaluation's alertId). */
export async function recordFraudAlert(
  ctx: TenantContext,
  alert: FraudAlert,
  caseResult: FraudCaseResult | null,
) {
  if (alert.triggeredSignals.length === 0) return;
  const at = ctx.clock.now();
  await store(ctx, fraudRecord(alert, alert.alertId, caseResult, onDemandBase(at)), at);
}

/** An AML evaluation with at least one fired rule: its alert, with the cases it opened or appended to. */
export async function recordAmlAlert(
  ctx: TenantContext,
  evaluation: AmlEvaluationLike,
  alertId: string,
  found: AmlCaseResult[],
) {
  const fired: RuleOutcome[] = evaluation.triggeredRules.filter((o) => o.triggered);
  if (fired.length === 0) return;
  const at = ctx.clock.now();
  await store(ctx, amlRecord(evaluation, fired, alertId, found, onDemandBase(at)), at);
}

/**
 * A workflow's screening steps (workflows/steps.ts: fraud_evaluate, aml_dry_run): one customer
 * screened on demand by one kind. Monitoring screens with both engines and opens both kinds'
 * cases, so the workflow calls it and imports neither kind's case code (issue 37 item 4,
 * docs/decisions/case-work.md#one-interface-over-the-kinds).
 */
export const workflowScreening = {
  /** Fraud: evaluate, store the alert and open (or add to) the customer's case above the threshold. */
  fraud: (ctx: TenantContext, input: Parameters<typeof evaluateAndCreate>[1]) =>
    evaluateAndCreate(ctx, input),
  /** AML as a dry run: nothing persisted, so the read scope is what it needs. */
  amlDryRun: (ctx: TenantContext, input: Omit<Parameters<typeof evaluateAml>[1], "dryRun">) =>
    evaluateAml(ctx, { ...input, dryRun: true }, ["aml:read"]),
};
