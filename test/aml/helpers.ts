import { call, insertAccount, insertCustomer, insertTransactions, json, type TestTenant } from "../harness";

export const ago = (days: number, hours = 0) =>
  new Date(Date.now() - (days * 24 + hours) * 3_600_000).toISOString();

export type Tx = Parameters<typeof insertTransactions>[2][number];

/** A customer with one account and the given transactions. */
export async function customerWith(
  tenant: TestTenant,
  txs: Tx[],
  fields: Parameters<typeof insertCustomer>[1] = {},
) {
  const customer = await insertCustomer(tenant, fields);
  const account = await insertAccount(tenant, customer.id!);
  if (txs.length) await insertTransactions(tenant, { id: account.id!, customerId: customer.id! }, txs);
  return { customerId: customer.id!, accountId: account.id! };
}

export interface RuleResult {
  ruleId: string;
  triggered: boolean;
  evidence: Array<{ field: string; observed: string; threshold: string }>;
  counterfactual: { threshold: string; flipValue: number } | null;
  explanation: string;
}

export interface EvaluateBody {
  success: boolean;
  result: {
    triggeredRules: RuleResult[];
    totalTriggered: number;
    highestRiskLevel: string | null;
    skippedRules: Array<{ ruleId: string }>;
    cases: Array<{ caseId: string; ruleId: string; created: boolean; status: string }>;
    disclaimer: string;
  };
  disclaimer: string;
}

export async function evaluate(tenant: TestTenant, body: Record<string, unknown>, key = tenant.key) {
  const res = await call("POST", "/v1/kyc-aml/evaluate", { key, body: { dryRun: true, ...body } });
  return { res, body: res.status === 200 ? await json<EvaluateBody>(res) : undefined };
}

/** Whether one rule fires for a customer (dry run). */
export async function fires(
  tenant: TestTenant,
  customerId: string,
  ruleId: string,
  extra: Record<string, unknown> = {},
) {
  const { res, body } = await evaluate(tenant, {
    entityType: "customer",
    entityId: customerId,
    ruleIds: [ruleId],
    ...extra,
  });
  if (res.status !== 200) throw new Error(`evaluate ${res.status}: ${await res.text()}`);
  const rule = body!.result.triggeredRules.find((r) => r.ruleId === ruleId)!;
  return rule;
}
