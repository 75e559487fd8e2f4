import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countingContext } from "../../src/db/counting-d1";
import { loadTenantContext } from "../../src/db/tenant-context";
import type { Scope } from "../../src/lib/scopes";
import type { ScreenTransactionInput } from "../../src/modules/monitoring/pre-transaction/schemas";
import { screenTransaction } from "../../src/modules/monitoring/pre-transaction/service";
import { customerWith } from "../aml/helpers";
import { createTenant, type TestTenant } from "../harness";
import { major, structurer, structuringParameters } from "./screening-helpers";

/**
 * The D1 cost of one screening, by design (docs/performance.md#per-request-evaluation-fraud-evaluate-and-pre-transaction-screening):
 * each round trip costs about a millisecond of the thread locally, so they are counted, not only
 * the statements. Under the default rule sets (no custom rules):
 * 1. the live fraud and AML rule sets with the high-risk countries: one batch of 2;
 * 2. both evaluations' reads in one batch: fraud's 4 (the entity, its activity, its last
 *    transaction before the baseline, its allowlist) and AML's 2 (its allowlist, one feature
 *    statement: the defaults make one rule group); a key without aml:read sends fraud's only;
 * 3. when a rule fired, the alerts: one INSERT of the alerts and one of their rules.
 */
const RULE_SETS = 2;
const FRAUD_READS = 4;
const AML_READS = 2;
const ALERTS = 2;

async function counted(t: TestTenant, body: { customerId: string; amount: string }, scopes: Scope[]) {
  const counting = countingContext(await loadTenantContext(env, t.id, "test"));
  const input: ScreenTransactionInput = {
    currency: "GHS",
    channel: "cash",
    windowDays: 30,
    type: "credit",
    ...body,
  };
  const screening = await screenTransaction(counting.ctx, input, scopes, null);
  return { screening, queries: counting.queries(), roundTrips: counting.roundTrips() };
}

describe("one pre-transaction screening", () => {
  it("takes three D1 round trips when it stores alerts, two when nothing fires", async () => {
    const t = await createTenant({ name: "Screening round trips" });
    const p = await structuringParameters(t);
    const loud = await structurer(t, Math.max(p.fraudMinCount, p.amlMinCount) - 1, p.justUnderMinor);
    const both: Scope[] = ["fraud:read", "aml:read"];

    const hit = await counted(t, { customerId: loud.customerId, amount: major(p.justUnderMinor) }, both);
    expect(hit.screening.alertIds).toHaveLength(2);
    expect(hit.queries).toBe(RULE_SETS + FRAUD_READS + AML_READS + ALERTS);
    expect(hit.roundTrips).toBe(3);

    const quiet = await customerWith(t, []);
    const none = await counted(t, { customerId: quiet.customerId, amount: major(1_000) }, both);
    expect(none.screening.alertIds).toEqual([]);
    expect(none.queries).toBe(RULE_SETS + FRAUD_READS + AML_READS);
    expect(none.roundTrips).toBe(2);

    const fraudOnly = await counted(t, { customerId: quiet.customerId, amount: major(1_000) }, [
      "fraud:read",
    ]);
    expect(fraudOnly.screening.aml).toBeNull();
    expect(fraudOnly.queries).toBe(RULE_SETS + FRAUD_READS);
    expect(fraudOnly.roundTrips).toBe(2);
  });
});
