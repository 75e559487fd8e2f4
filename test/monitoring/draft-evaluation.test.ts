import { describe, expect, it } from "vitest";
import { customerWith } from "../aml/helpers";
import { call, createTenant, json, shardRows, type TestTenant } from "../harness";
import { type ErrorBody, putDraft, ruleSet } from "../rules/helpers";
import { structurer, structuringParameters } from "./screening-helpers";

interface Stamp {
  kind: string;
  version: number;
  hash: string;
  draft?: { draftId: string; revision: number };
}
const count = async (t: TestTenant, table: string) =>
  (await shardRows<{ n: number }>(t, `SELECT count(*) AS n FROM ${table} WHERE tenant_id = ?`, t.id))[0]!.n;

describe("evaluate endpoints: ruleSet live | draft", () => {
  it("fraud: a draft lowering a threshold fires where live does not, opens no case, and is stamped as the draft", async () => {
    const t = await createTenant({ name: "Fraud draft evaluation" });
    const p = await structuringParameters(t);
    const c = await structurer(t, p.fraudMinCount - 1, p.justUnderMinor);
    const live = await ruleSet(t.key, "fraud");
    const jut = live.live.content.builtins.just_under_threshold!;
    const draftRes = await putDraft(t.key, "fraud", {
      builtins: { just_under_threshold: { ...jut, parameters: { minCount: p.fraudMinCount - 1 } } },
    });
    expect(draftRes.status).toBe(200);
    const draft = (await json<{ draft: { draftId: string; hash: string; revision: number } }>(draftRes))
      .draft;
    const body = { entityType: "customer", entityId: c.customerId };
    const run = async (path: string, extra: Record<string, unknown>) => {
      const res = await call("POST", path, { key: t.key, body: { ...body, ...extra } });
      expect(res.status).toBe(200);
      return json<{
        alert: { triggeredSignals: Array<{ signalId: string }>; ruleSet: Stamp };
        case?: unknown;
        caseCreated?: boolean;
      }>(res);
    };
    const ids = (r: { alert: { triggeredSignals: Array<{ signalId: string }> } }) =>
      r.alert.triggeredSignals.map((s) => s.signalId);
    const onLive = await run("/v1/fraud/evaluate", {});
    expect(ids(onLive)).not.toContain("just_under_threshold");
    expect(onLive.alert.ruleSet.draft).toBeUndefined();
    const onDraft = await run("/v1/fraud/evaluate", { ruleSet: "draft" });
    expect(ids(onDraft)).toContain("just_under_threshold");
    expect(onDraft.alert.ruleSet).toEqual({
      kind: "fraud",
      version: live.live.version,
      hash: draft.hash,
      draft: { draftId: draft.draftId, revision: draft.revision },
    });
    // evaluate-and-create with a threshold of 0 would open a case; with the draft it opens none.
    const created = await run("/v1/fraud/evaluate-and-create", { ruleSet: "draft", createCaseThreshold: 0 });
    expect(ids(created)).toContain("just_under_threshold");
    expect(created.caseCreated).toBe(false);
    expect(created.case).toBeNull();
    expect(await count(t, "fraud_cases")).toBe(0);
    // The same call on live does open one (the draft path is what kept it from doing so).
    expect((await run("/v1/fraud/evaluate-and-create", { createCaseThreshold: 0 })).caseCreated).toBe(true);
  });

  it("AML: a draft is a forced dry run (no case even with dryRun false) and fires on its own threshold", async () => {
    const t = await createTenant({ name: "AML draft evaluation", shard: 1 });
    const p = await structuringParameters(t);
    const c = await structurer(t, p.amlMinCount - 1, p.justUnderMinor);
    expect(
      (await putDraft(t.key, "aml", { thresholds: { structuringMinCount: p.amlMinCount - 1 } })).status,
    ).toBe(200);
    const run = async (extra: Record<string, unknown>) => {
      const res = await call("POST", "/v1/kyc-aml/evaluate", {
        key: t.key,
        body: { entityType: "customer", entityId: c.customerId, dryRun: false, ...extra },
      });
      expect(res.status).toBe(200);
      return (
        await json<{
          result: {
            dryRun: boolean;
            triggeredRules: Array<{ ruleId: string; triggered: boolean }>;
            cases: unknown[];
            ruleSet: Stamp;
          };
        }>(res)
      ).result;
    };
    const fired = (r: Awaited<ReturnType<typeof run>>) =>
      r.triggeredRules.filter((x) => x.triggered).map((x) => x.ruleId);
    const onDraft = await run({ ruleSet: "draft" });
    expect(fired(onDraft)).toContain("AML-STR-002");
    expect(onDraft.dryRun).toBe(true);
    expect(onDraft.cases).toEqual([]);
    expect(onDraft.ruleSet.draft).toBeDefined();
    expect(await count(t, "aml_cases")).toBe(0);
    expect(fired(await run({}))).not.toContain("AML-STR-002");
  });

  it("400 naming ruleSet when the tenant has no draft", async () => {
    const t = await createTenant({ name: "No draft" });
    const c = await customerWith(t, []);
    for (const [path, extra] of [
      ["/v1/fraud/evaluate", {}],
      ["/v1/fraud/evaluate-and-create", {}],
      ["/v1/kyc-aml/evaluate", { dryRun: true }],
    ] as const) {
      const res = await call("POST", path, {
        key: t.key,
        body: { entityType: "customer", entityId: c.customerId, ruleSet: "draft", ...extra },
      });
      expect(res.status, path).toBe(400);
      expect((await json<ErrorBody>(res)).error.details?.map((d) => d.path)).toEqual(["ruleSet"]);
    }
  });
});

describe("rule-set content fields createCaseThreshold and opensCase", () => {
  it("are kept in drafts and shown back; misplaced or out of range they are 400 by path", async () => {
    const t = await createTenant({ name: "Content fields" });
    const fraud = await putDraft(t.key, "fraud", { createCaseThreshold: 45 });
    expect(fraud.status).toBe(200);
    expect(
      (await json<{ draft: { content: { createCaseThreshold?: number } } }>(fraud)).draft.content,
    ).toMatchObject({ createCaseThreshold: 45 });
    const amlLive = await ruleSet(t.key, "aml");
    const lct = amlLive.live.content.builtins["AML-LCT-001"]!;
    const aml = await putDraft(t.key, "aml", { builtins: { "AML-LCT-001": { ...lct, opensCase: false } } });
    expect(aml.status).toBe(200);
    const shown = await ruleSet(t.key, "aml");
    expect((shown.draft!.content.builtins["AML-LCT-001"] as { opensCase?: boolean }).opensCase).toBe(false);
    // Absent: not filled in (the hash of an untouched document does not move).
    expect("createCaseThreshold" in shown.live.content).toBe(false);
    const bad = async (kind: string, body: unknown) => {
      const res = await putDraft(t.key, kind, body);
      expect(res.status).toBe(400);
      return (await json<ErrorBody>(res)).error.details?.map((d) => d.path);
    };
    expect(await bad("aml", { createCaseThreshold: 40 })).toEqual(["createCaseThreshold"]);
    expect(await bad("fraud", { createCaseThreshold: 101 })).toEqual(["createCaseThreshold"]);
    const velocity = (await ruleSet(t.key, "fraud")).live.content.builtins.velocity_count!;
    expect(await bad("fraud", { builtins: { velocity_count: { ...velocity, opensCase: true } } })).toEqual([
      "builtins.velocity_count.opensCase",
    ]);
  });
});
