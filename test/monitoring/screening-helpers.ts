import { ago, customerWith } from "../aml/helpers";
import { call, json, type TestTenant } from "../harness";
import { ruleSet } from "../rules/helpers";

export interface Screening {
  screeningId: string;
  entityType: string;
  entityId: string;
  evaluatedAt: string;
  fraud: {
    overallScore: number;
    severity: string;
    alertId: string | null;
    triggeredSignals: Array<{ signalId: string; explanation: string; counterfactual: string | null }>;
    ruleSet: { kind: string; version: number; hash: string };
  };
  aml: {
    alertId: string | null;
    triggeredRules: Array<{
      ruleId: string;
      triggered: boolean;
      explanation: string;
      counterfactual: { statement: string } | null;
    }>;
    ruleSet: { kind: string; version: number; hash: string };
  } | null;
  alertIds: string[];
  isAdvisoryOnly: true;
}

export const screen = (key: string, body: Record<string, unknown>) =>
  call("POST", "/v1/screening/transactions", { key, body });

export async function screened(t: TestTenant, body: Record<string, unknown>, key = t.key) {
  const res = await screen(key, body);
  if (res.status !== 200) throw new Error(`screen: ${res.status} ${await res.text()}`);
  return (await json<{ screening: Screening }>(res)).screening;
}

/** The live structuring parameters of both kinds (derive test amounts and counts from them). */
export async function structuringParameters(t: TestTenant) {
  const [fraud, aml] = await Promise.all([ruleSet(t.key, "fraud"), ruleSet(t.key, "aml")]);
  const thresholds = aml.live.content.thresholds!;
  const largeCashMinor = Math.round(thresholds.largeCashAmount! * 100);
  return {
    /** Just under the cash reporting threshold: inside both bands (fraud and AML). */
    justUnderMinor: largeCashMinor - 100,
    fraudMinCount: fraud.live.content.builtins.just_under_threshold!.parameters.minCount!,
    amlMinCount: thresholds.structuringMinCount!,
    amlWindowDays: thresholds.structuringWindowDays!,
  };
}

export const major = (minor: number) => (minor / 100).toFixed(2);

/** A customer with `n` cash credits just under the reporting threshold in the last hours. */
export async function structurer(t: TestTenant, n: number, justUnderMinor: number) {
  const txs = Array.from({ length: n }, (_, i) => ({
    amountMinor: justUnderMinor,
    transactionDate: ago(0, i + 1),
    channel: "cash",
    type: "credit" as const,
  }));
  return customerWith(t, txs);
}
