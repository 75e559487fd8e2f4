import type { TenantContext } from "../../../db/tenant-context";
import type { FraudAlert } from "../evaluation/service";

/**
 * Where POST /v1/fraud/evaluate-and-create keeps its alert: monitoring's alert store (trigger
 * on_demand). Monitoring sits above fraud (it screens with fraud's engine), so fraud does not
 * import it: it calls this port, which src/ports.ts fills once per isolate with
 * monitoring/on-demand/service.ts (docs/architecture.md#ports).
 */
export type FraudAlertStore = (
  ctx: TenantContext,
  alert: FraudAlert,
  caseResult: { caseId: string; created: boolean } | null,
) => Promise<void>;

let store: FraudAlertStore | null = null;

export function provideFraudAlertStore(provided: FraudAlertStore | null): void {
  store = provided;
}

/** Keeps the evaluation's alert (nothing when no signal fired), with the case it opened or appended to. */
export function recordFraudAlert(
  ctx: TenantContext,
  alert: FraudAlert,
  caseResult: { caseId: string; created: boolean } | null,
): Promise<void> {
  // Unfilled only when src/ports.ts was never imported: a wiring fault, not an alert to drop.
  if (!store) throw new Error("fraud: alert store port not filled (src/ports.ts)");
  return store(ctx, alert, caseResult);
}
