import type { TenantContext } from "../../../../db/tenant-context";
import type { AmlEntityType } from "../../../detection/domain/aml/rules";
import type { RuleOutcome } from "../../domain/evaluate";

/**
 * Where POST /v1/kyc-aml/evaluate (dryRun false) keeps its alert: monitoring's alert store
 * (trigger on_demand). Monitoring sits above AML (it screens with AML's engine), so AML does not
 * import it: it calls this port, which src/ports.ts fills once per isolate with
 * monitoring/on-demand/service.ts (docs/architecture.md#ports).
 */
export interface AmlEvaluated {
  entityType: AmlEntityType;
  entityId: string;
  ruleSet: { version: number; hash: string };
  triggeredRules: RuleOutcome[];
  cases: unknown;
  dryRun: boolean;
}

/** A case a fired rule opened (created) or found open and appended to. */
export interface AmlCaseTouched {
  caseId: string;
  ruleId: string;
  created: boolean;
}

export type AmlAlertStore = (
  ctx: TenantContext,
  evaluation: AmlEvaluated,
  alertId: string,
  found: AmlCaseTouched[],
) => Promise<void>;

let store: AmlAlertStore | null = null;

export function provideAmlAlertStore(provided: AmlAlertStore | null): void {
  store = provided;
}

/** Keeps the evaluation's alert under `alertId` (nothing when no rule fired), with the cases it touched. */
export function recordAmlAlert(
  ctx: TenantContext,
  evaluation: AmlEvaluated,
  alertId: string,
  found: AmlCaseTouched[],
): Promise<void> {
  // Unfilled only when src/ports.ts was never imported: a wiring fault, not an alert to drop.
  if (!store) throw new Error("aml: alert store port not filled (src/ports.ts)");
  return store(ctx, evaluation, alertId, found);
}
