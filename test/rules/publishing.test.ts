import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { rollback } from "../../src/modules/rules/publish/service";
import { liveState } from "../../src/modules/rules/service";
import { admin, call, createKey, createTenant, json, shardRows, type TestTenant } from "../harness";
import { type ErrorBody, fraudChange, publish, putDraft, ruleSet, type Version } from "./helpers";

describe("maker-checker (settings.rulesRequireSecondApprover)", () => {
  let t: TestTenant;
  let editor: { id: string; key: string };
  let checker: { id: string; key: string };
  beforeAll(async () => {
    t = await createTenant({ name: "Maker-checker" });
    const patched = await admin("PATCH", `/admin/tenants/${t.id}`, {
      settings: { rulesRequireSecondApprover: true },
    });
    expect(patched.status).toBe(200);
    editor = await createKey(t.id, ["fraud:read", "fraud:write", "aml:write", "rules:publish"]);
    checker = await createKey(t.id, ["fraud:read", "rules:publish"]);
  });

  it("refuses the key that edited the draft and accepts another", async () => {
    expect((await putDraft(editor.key, "fraud", fraudChange(25))).status).toBe(200);
    expect((await ruleSet(editor.key, "fraud")).requiresSecondApprover).toBe(true);
    const own = await publish(editor.key, "fraud");
    expect(own.status).toBe(409);
    const refused = (await json<ErrorBody>(own)).error;
    expect(refused.code).toBe("conflict");
    expect(refused.details).toContainEqual(
      expect.objectContaining({ code: "second_approver_required", path: "Authorization" }),
    );
    expect((await ruleSet(editor.key, "fraud")).live.version).toBe(0);

    const approved = await publish(checker.key, "fraud");
    expect(approved.status).toBe(200);
    expect((await json<{ version: Version }>(approved)).version).toMatchObject({
      version: 1,
      publishedBy: checker.id,
    });
  });

  it("counts every key that edited the draft, not only the last one", async () => {
    await putDraft(editor.key, "fraud", fraudChange(26));
    const both = await createKey(t.id, ["fraud:write", "rules:publish"]);
    await putDraft(both.key, "fraud", fraudChange(27));
    expect((await publish(both.key, "fraud")).status).toBe(409);
    expect((await publish(editor.key, "fraud")).status).toBe(409);
    expect((await publish(checker.key, "fraud")).status).toBe(200);
  });

  it("refuses PUT /v1/kyc-aml/thresholds (one key would change what runs alone)", async () => {
    const res = await call("PUT", "/v1/kyc-aml/thresholds", { key: editor.key, body: { thresholds: {} } });
    expect(res.status).toBe(409);
    const refused = (await json<ErrorBody>(res)).error;
    expect(refused.code).toBe("conflict");
    expect(refused.details?.map((d) => d.code)).toContain("second_approver_required");
  });

  it("needs rules:publish to publish (fraud:write is not enough)", async () => {
    const writer = await createKey(t.id, ["fraud:read", "fraud:write"]);
    await putDraft(writer.key, "fraud", fraudChange(28));
    const res = await publish(writer.key, "fraud");
    expect(res.status).toBe(403);
    expect((await json<ErrorBody>(res)).error.code).toBe("forbidden");
  });
});

describe("concurrent publications", () => {
  it("two publishes of one draft: one 200, one 409, one new version", async () => {
    const t = await createTenant({ name: "Concurrent publish" });
    await putDraft(t.key, "fraud", fraudChange(21));
    const statuses = (await Promise.all([publish(t.key, "fraud"), publish(t.key, "fraud")])).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([200, 409]);
    expect((await ruleSet(t.key, "fraud")).live.version).toBe(1);
  });

  it("a publication that lost the race for its number is a 409 and writes nothing (UNIQUE version)", async () => {
    const t = await createTenant({ name: "Concurrent rollback" });
    for (const minCount of [21, 22]) {
      await putDraft(t.key, "fraud", fraudChange(minCount));
      await publish(t.key, "fraud");
    }
    // This context read version 2 as live; another request then publishes version 3, so the
    // rollback below computes 3 as well: exactly the interleaving of two concurrent requests.
    const ctx = { ...(await loadTenantContext(env, t.id, "race")), keyId: t.keyId };
    expect((await liveState(ctx, "fraud")).version).toBe(2);
    await putDraft(t.key, "fraud", fraudChange(23));
    expect((await publish(t.key, "fraud")).status).toBe(200);
    const lost = rollback(ctx, "fraud", 1, "race");
    await expect(lost).rejects.toMatchObject({ code: "conflict" });
    const rows = await shardRows<{ n: number }>(
      t,
      "SELECT (SELECT count(*) FROM rule_set_publications WHERE tenant_id = ?1) + (SELECT count(*) FROM rule_set_versions WHERE tenant_id = ?1) AS n",
      t.id,
    );
    expect(rows[0].n).toBe(6);
    const audits = await shardRows<{ n: number }>(
      t,
      "SELECT count(*) AS n FROM tenant_audit_log WHERE request_id = 'race'",
    );
    expect(audits[0].n).toBe(0);
  });

  it("409 without a draft; 400 rolling back to the live version; 404 to a missing one", async () => {
    const t = await createTenant({ name: "Publish errors" });
    expect((await publish(t.key, "aml")).status).toBe(409);
    await putDraft(t.key, "aml", {});
    await publish(t.key, "aml");
    const same = await call("POST", "/v1/rule-sets/aml/rollback", {
      key: t.key,
      body: { version: 1, reason: "x" },
    });
    expect(same.status).toBe(400);
    expect((await json<ErrorBody>(same)).error.details?.[0].path).toBe("version");
    const missing = await call("POST", "/v1/rule-sets/aml/rollback", {
      key: t.key,
      body: { version: 9, reason: "x" },
    });
    expect(missing.status).toBe(404);
  });
});

describe("PUT /v1/kyc-aml/thresholds", () => {
  it("publishes a new AML version whose content is the live one with the thresholds replaced", async () => {
    const t = await createTenant({ name: "Thresholds as versions" });
    await putDraft(t.key, "aml", { builtins: { "AML-RND-007": { enabled: false, severity: "low" } } });
    await publish(t.key, "aml");
    const put = await call("PUT", "/v1/kyc-aml/thresholds", {
      key: t.key,
      body: { thresholds: { largeCashAmount: 20000 } },
    });
    expect(put.status).toBe(200);
    expect(await json(put)).toMatchObject({ ruleSetVersion: 2, overrides: { largeCashAmount: 20000 } });

    const two = (
      await json<{ version: Version }>(await call("GET", "/v1/rule-sets/aml/versions/2", { key: t.key }))
    ).version;
    expect(two.content.thresholds?.largeCashAmount).toBe(20000);
    expect(two.content.builtins["AML-RND-007"].enabled).toBe(false);
    const log = await json<{ data: Array<{ action: string; actorKeyId: string }> }>(
      await call("GET", "/v1/rule-sets/aml/publications", { key: t.key }),
    );
    expect(log.data[0]).toMatchObject({ action: "thresholds", actorKeyId: t.keyId });

    const rules = await json<{
      ruleSetVersion: number;
      rules: Array<{ ruleId: string; isEnabled: boolean; thresholds: Record<string, number> }>;
    }>(await call("GET", "/v1/kyc-aml/rules", { key: t.key }));
    expect(rules.ruleSetVersion).toBe(2);
    expect(rules.rules.find((r) => r.ruleId === "AML-RND-007")?.isEnabled).toBe(false);
    expect(rules.rules.find((r) => r.ruleId === "AML-LCT-001")?.thresholds.largeCashAmount).toBe(20000);
  });
});
