import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countingContext } from "../../src/db/counting-d1";
import { loadTenantContext } from "../../src/db/tenant-context";
import type { Scope } from "../../src/lib/scopes";
import type { ScreenTransactionInput } from "../../src/modules/monitoring/pre-transaction/schemas";
import { screenTransaction } from "../../src/modules/monitoring/pre-transaction/service";
import { customerWith } from "../aml/helpers";
import { createTenant, type TestTenant } from "../harness";
import { publish, putDraft, ruleSet } from "../rules/helpers";
import { major, structurer, structuringParameters } from "./screening-helpers";

/**
 * The D1 cost of one screening, by design (docs/performance.md#per-request-evaluation-fraud-evaluate-and-pre-transaction-screening):
 * each round trip costs about 0.7 ms of the thread locally, so they are counted, not only the
 * statements. Under the default rule sets (no custom rules):
 * 1. the live fraud and AML rule sets with the high-risk countries (a batch of 2), and with them
 *    both evaluations' reads, built from the rule sets and countries this isolate saw last for
 *    the tenant: fraud's 5 (the entity, its activity, its last transaction before the baseline,
 *    its allowlist, its peer groups, which AML reads too) and AML's 2 (its allowlist, its rows);
 *    a key without aml:read sends fraud's
 *    only. The first screening of a tenant in an isolate, or one after a publication or a list
 *    change, sends the reads in a batch of their own after that (one more round trip);
 * 2. when a rule fired, the alerts: one INSERT of the alerts and one of their rules.
 * A named counterparty adds the tenant's sanctions settings to the first batch (a statement, no
 * round trip; a tenant that subscribes to lists reads them after it).
 */
const RULE_SETS = 2;
const FRAUD_READS = 5;
const AML_READS = 2;
const ALERTS = 2;
const SANCTIONS_SETTINGS = 1;

async function counted(
  t: TestTenant,
  body: { customerId: string; amount: string; counterpartyName?: string },
  scopes: Scope[],
) {
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
  it("takes two D1 round trips when it stores alerts, one when nothing fires (three and two the first time)", async () => {
    const t = await createTenant({ name: "Screening round trips" });
    const p = await structuringParameters(t);
    const loud = await structurer(t, Math.max(p.fraudMinCount, p.amlMinCount) - 1, p.justUnderMinor);
    const both: Scope[] = ["fraud:read", "aml:read"];
    const hitBody = { customerId: loud.customerId, amount: major(p.justUnderMinor) };

    const first = await counted(t, hitBody, both);
    expect(first.screening.alertIds).toHaveLength(2);
    expect(first.queries).toBe(RULE_SETS + FRAUD_READS + AML_READS + ALERTS);
    expect(first.roundTrips).toBe(3);

    const hit = await counted(t, hitBody, both);
    expect(hit.screening.alertIds).toHaveLength(2);
    expect(hit.queries).toBe(RULE_SETS + FRAUD_READS + AML_READS + ALERTS);
    expect(hit.roundTrips).toBe(2);
    // The same answer as the screening that read the rule sets first.
    expect(hit.screening.fraud.overallScore).toBe(first.screening.fraud.overallScore);
    expect(hit.screening.aml?.triggeredRules.map((r) => r.ruleId)).toEqual(
      first.screening.aml?.triggeredRules.map((r) => r.ruleId),
    );

    const quiet = await customerWith(t, []);
    const none = await counted(t, { customerId: quiet.customerId, amount: major(1_000) }, both);
    expect(none.screening.alertIds).toEqual([]);
    expect(none.queries).toBe(RULE_SETS + FRAUD_READS + AML_READS);
    expect(none.roundTrips).toBe(1);

    const named = await counted(
      t,
      { customerId: quiet.customerId, amount: major(1_000), counterpartyName: "Walk-in depositor" },
      both,
    );
    expect(named.screening.sanctions).toBeNull();
    expect(named.queries).toBe(RULE_SETS + FRAUD_READS + AML_READS + SANCTIONS_SETTINGS);
    expect(named.roundTrips).toBe(1);

    const fraudOnly = await counted(t, { customerId: quiet.customerId, amount: major(1_000) }, [
      "fraud:read",
    ]);
    expect(fraudOnly.screening.aml).toBeNull();
    expect(fraudOnly.queries).toBe(RULE_SETS + FRAUD_READS);
    expect(fraudOnly.roundTrips).toBe(1);
  });

  it("after a publication evaluates the new version (the reads built from the old one are not used)", async () => {
    const t = await createTenant({ name: "Screening after a publication" });
    const p = await structuringParameters(t);
    const loud = await structurer(t, p.fraudMinCount - 1, p.justUnderMinor);
    const body = { customerId: loud.customerId, amount: major(p.justUnderMinor) };
    const before = await counted(t, body, ["fraud:read"]);
    expect(before.screening.fraud.ruleSet.version).toBe(0);
    expect(before.screening.fraud.triggeredSignals.map((s) => s.signalId)).toContain("just_under_threshold");

    // Version 1 turns the signal off.
    const live = await ruleSet(t.key, "fraud");
    const signal = live.live.content.builtins.just_under_threshold!;
    expect(
      (await putDraft(t.key, "fraud", { builtins: { just_under_threshold: { ...signal, enabled: false } } }))
        .status,
    ).toBe(200);
    expect((await publish(t.key, "fraud")).status).toBe(200);

    // The first screening after it built its reads from version 0 and read version 1 with them:
    // it reads again (one more round trip than the next one, which guesses right).
    const after = await counted(t, body, ["fraud:read"]);
    const again = await counted(t, body, ["fraud:read"]);
    for (const s of [after, again]) {
      expect(s.screening.fraud.ruleSet.version).toBe(1);
      expect(s.screening.fraud.triggeredSignals.map((x) => x.signalId)).not.toContain("just_under_threshold");
    }
    expect(after.roundTrips).toBe(again.roundTrips + 1);
  });
});
