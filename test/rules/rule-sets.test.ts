import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { contentHash } from "../../src/modules/rules/domain/canonical";
import { call, createTenant, json, shardRows, type TestTenant } from "../harness";
import { type ErrorBody, fraudChange, publish, putDraft, ruleSet, type Version } from "./helpers";

let t: TestTenant;
let other: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "Rule sets" });
  other = await createTenant({ name: "Rule sets, other tenant", shard: t.shard });
});

const version = async (n: number) =>
  (await json<{ version: Version }>(await call("GET", `/v1/rule-sets/fraud/versions/${n}`, { key: t.key })))
    .version;

describe("rule-set versions", () => {
  it("starts at version 0 (the defaults, hashed), then draft -> publish -> 1 -> 2; rollback to 1 makes 3", async () => {
    const start = await ruleSet(t.key, "fraud");
    expect(start.live.version).toBe(0);
    expect(start.live.publishedAt).toBeNull();
    expect(start.live.hash).toBe(await contentHash(start.live.content));
    expect(start.draft).toBeNull();

    const saved = await putDraft(t.key, "fraud", fraudChange(30));
    expect(saved.status).toBe(200);
    const { draft } = await json<{ draft: { draftId: string; hash: string; content: Version["content"] } }>(
      saved,
    );
    // Completed with defaults: every signal is there, left-out parameters kept.
    expect(Object.keys(draft.content.builtins)).toEqual(Object.keys(start.live.content.builtins));
    expect(draft.content.builtins.velocity_count.parameters).toEqual({
      minCount: 30,
      baselineMultiple: 3,
      peerMadMultiple: 3,
    });
    expect(draft.hash).toBe(await contentHash(draft.content));

    const first = await publish(t.key, "fraud", "tune velocity");
    expect(first.status).toBe(200);
    const one = (await json<{ version: Version }>(first)).version;
    expect(one).toMatchObject({
      version: 1,
      basedOnVersion: 0,
      fromDraftId: draft.draftId,
      hash: draft.hash,
    });
    const live = await ruleSet(t.key, "fraud");
    expect(live.live).toMatchObject({ version: 1, hash: draft.hash });
    expect(live.draft).toBeNull();

    await putDraft(t.key, "fraud", fraudChange(40));
    const two = (await json<{ version: Version }>(await publish(t.key, "fraud"))).version;
    expect(two).toMatchObject({ version: 2, basedOnVersion: 1 });
    expect(two.hash).not.toBe(one.hash);

    const back = await call("POST", "/v1/rule-sets/fraud/rollback", {
      key: t.key,
      body: { version: 1, reason: "too noisy" },
    });
    expect(back.status).toBe(200);
    const three = (await json<{ version: Version }>(back)).version;
    expect(three).toMatchObject({ version: 3, basedOnVersion: 2, fromDraftId: null, hash: one.hash });
    expect((await version(3)).content).toEqual((await version(1)).content);

    const log = await json<{ data: Array<{ version: number; action: string; rolledBackTo: number | null }> }>(
      await call("GET", "/v1/rule-sets/fraud/publications", { key: t.key }),
    );
    expect(log.data.map((p) => [p.version, p.action, p.rolledBackTo])).toEqual([
      [3, "rollback", 1],
      [2, "publish", null],
      [1, "publish", null],
    ]);
    const versions = await json<{ data: Version[]; pagination: { total: number } }>(
      await call("GET", "/v1/rule-sets/fraud/versions?limit=2", { key: t.key }),
    );
    expect(versions.data.map((v) => v.version)).toEqual([3, 2]);
    expect(versions.pagination.total).toBe(3);

    // The signal listing shows the live state (version 3 = version 1's content).
    const signals = await json<{
      ruleSetVersion: number;
      signals: Array<{ signalId: string; parameters: Record<string, number> }>;
    }>(await call("GET", "/v1/fraud/signals", { key: t.key }));
    expect(signals.ruleSetVersion).toBe(3);
    expect(signals.signals.map((s) => s.signalId)).not.toContain("round_amounts");
    expect(signals.signals.find((s) => s.signalId === "velocity_count")?.parameters.minCount).toBe(30);
  });

  it("leaves another tenant's rule set alone, and answers 404 for its versions", async () => {
    const theirs = await ruleSet(other.key, "fraud");
    expect(theirs.live.version).toBe(0);
    expect((await call("GET", "/v1/rule-sets/fraud/versions/1", { key: other.key })).status).toBe(404);
    const signals = await json<{ signals: Array<{ signalId: string }> }>(
      await call("GET", "/v1/fraud/signals", { key: other.key }),
    );
    expect(signals.signals.map((s) => s.signalId)).toContain("round_amounts");
  });

  it("refuses UPDATE and DELETE of published versions and of the log in the database itself", async () => {
    const db = (env as unknown as Record<string, D1Database>)[`SHARD_${t.shard}`];
    for (const statement of [
      "UPDATE rule_set_versions SET content_hash = 'x' WHERE tenant_id = ?",
      "DELETE FROM rule_set_versions WHERE tenant_id = ?",
      "UPDATE rule_set_publications SET reason = 'x' WHERE tenant_id = ?",
      "DELETE FROM rule_set_publications WHERE tenant_id = ?",
    ]) {
      await expect(db.prepare(statement).bind(t.id).run(), statement).rejects.toThrow(
        /immutable|append-only/,
      );
    }
    const rows = await shardRows<{ n: number }>(
      t,
      "SELECT count(*) AS n FROM rule_set_versions WHERE tenant_id = ?",
      t.id,
    );
    expect(rows[0].n).toBe(3);
  });

  it("refuses an invalid draft with one detail per problem and writes nothing", async () => {
    const res = await putDraft(t.key, "fraud", {
      builtins: {
        nope: { enabled: true, severity: "low" },
        velocity_count: { enabled: true, severity: "high", parameters: { minCount: 0, bogus: 1 } },
        amount_spike: { enabled: true, severity: "medium", parameters: { medianMultiple: 5000 } },
      },
      thresholds: { largeCashAmount: 1 },
    });
    expect(res.status).toBe(400);
    const paths = (await json<ErrorBody>(res)).error.details?.map((d) => d.path).sort();
    expect(paths).toEqual([
      "builtins.amount_spike.parameters.medianMultiple",
      "builtins.nope",
      "builtins.velocity_count.parameters.bogus",
      "builtins.velocity_count.parameters.minCount",
      "thresholds",
    ]);
    expect((await ruleSet(t.key, "fraud")).draft).toBeNull();

    const shape = await putDraft(t.key, "aml", {
      custom: [
        {
          ruleId: "r1",
          name: "Burst",
          enabled: true,
          appliesTo: ["customer"],
          severity: "high",
          score: 20,
          reason: "many",
          counterfactual: "fewer",
          condition: {
            op: "and",
            conditions: [
              { op: "compare", aggregate: { fn: "count", windowDays: 7 }, comparator: ">", to: { value: 3 } },
              {
                op: "compare",
                aggregate: { fn: "sum", field: "amount", windowDays: 0 },
                comparator: ">",
                to: { value: 1 },
              },
            ],
          },
        },
      ],
      thresholds: { structuringMinCount: 1 },
    });
    expect(shape.status).toBe(400);
    const shapePaths = (await json<ErrorBody>(shape)).error.details?.map((d) => d.path);
    expect(shapePaths).toContain("custom.0.condition.conditions.1.aggregate.windowDays");
  });

  it("audits draft saves, deletes and publications in the change's batch", async () => {
    await putDraft(t.key, "aml", { thresholds: { largeCashAmount: 30000 } });
    expect((await call("DELETE", "/v1/rule-sets/aml/draft", { key: t.key })).status).toBe(200);
    expect((await call("DELETE", "/v1/rule-sets/aml/draft", { key: t.key })).status).toBe(404);
    const entries = await shardRows<{ action: string; actor_id: string; after: string | null }>(
      t,
      "SELECT action, actor_id, after FROM tenant_audit_log WHERE tenant_id = ? AND action LIKE 'rule_set.%' ORDER BY id",
      t.id,
    );
    expect(entries.map((e) => e.action)).toEqual([
      "rule_set.draft_saved",
      "rule_set.published",
      "rule_set.draft_saved",
      "rule_set.published",
      "rule_set.rolled_back",
      "rule_set.draft_saved",
      "rule_set.draft_deleted",
    ]);
    expect(new Set(entries.map((e) => e.actor_id))).toEqual(new Set([t.keyId]));
    expect(JSON.parse(entries[4].after ?? "{}")).toMatchObject({ version: 3, rolledBackTo: 1 });
  });
});

describe("version 0 (the defaults) of tenants that differ", () => {
  it("each tenant's defaults carry their own hash, the same on every read", async () => {
    const usd = await createTenant({
      name: "Version 0 in USD",
      settings: { currency: "USD" },
      shard: t.shard,
    });
    const fresh = await createTenant({ name: "Version 0 in GHS", shard: t.shard });
    for (const kind of ["fraud", "aml"] as const) {
      const [ghsSet, usdSet] = [await ruleSet(fresh.key, kind), await ruleSet(usd.key, kind)];
      expect([ghsSet.live.version, usdSet.live.version]).toEqual([0, 0]);
      // Different contents (USD-scaled money figures), so different hashes, each its own content's.
      expect(usdSet.live.content).not.toEqual(ghsSet.live.content);
      expect(ghsSet.live.hash).toBe(await contentHash(ghsSet.live.content));
      expect(usdSet.live.hash).toBe(await contentHash(usdSet.live.content));
      // Read again: unchanged.
      expect((await ruleSet(usd.key, kind)).live.hash).toBe(usdSet.live.hash);
      expect((await ruleSet(fresh.key, kind)).live.hash).toBe(ghsSet.live.hash);
    }
  });
});

describe("version 0 with thresholds carried over from before rule sets (0021)", () => {
  it("is the tenant's own: the same settings without carried-over thresholds read the plain defaults", async () => {
    const carried = await createTenant({ name: "Version 0, legacy thresholds", shard: t.shard });
    const plain = await createTenant({ name: "Version 0, no legacy thresholds", shard: t.shard });
    const before = await ruleSet(plain.key, "aml");
    const largeCash = before.live.content.thresholds!.largeCashAmount! * 2;
    const db = (env as unknown as Record<string, D1Database>)[`SHARD_${t.shard}`]!;
    await db
      .prepare(
        "INSERT INTO rule_set_heads (tenant_id, kind, live_version, legacy_thresholds, updated_at) VALUES (?, 'aml', 0, ?, ?)",
      )
      .bind(carried.id, JSON.stringify({ largeCashAmount: largeCash }), new Date().toISOString())
      .run();
    // Read in turn: neither tenant's version 0 shows in the other's.
    for (let round = 0; round < 2; round++) {
      const [own, defaults] = [await ruleSet(carried.key, "aml"), await ruleSet(plain.key, "aml")];
      expect(own.live.version).toBe(0);
      expect(own.live.content.thresholds).toEqual({
        ...before.live.content.thresholds,
        largeCashAmount: largeCash,
      });
      expect(own.live.hash).toBe(await contentHash(own.live.content));
      expect(defaults.live).toEqual(before.live);
    }
  });
});
