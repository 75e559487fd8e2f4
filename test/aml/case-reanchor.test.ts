import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import type { Env } from "../../src/env";
import { resealSecrets } from "../../src/modules/admin/reseal/service";
import { getCase } from "../../src/modules/aml/cases/service";
import { systemContext } from "../../src/modules/audit/service";
import { anchorKeysFrom } from "../../src/modules/cases/domain/anchor";
import { call, createTenant, json, type TestTenant } from "../harness";
import { rewriteAmlHistory } from "../tamper";
import { ago, customerWith, type EvaluateBody } from "./helpers";

// The re-anchor sweep of POST /admin/secrets/reseal for AML cases (src/modules/aml/cases/system-repo.ts).
const OLD = env.SECRETS_KEY as string;
const NEW = Buffer.alloc(32, 5).toString("base64");
const rotated = { ...env, SECRETS_KEY: `${NEW},${OLD}` } as Env;
const newOnly = { ...env, SECRETS_KEY: NEW } as Env;
const reseal = async () => (await resealSecrets(systemContext(rotated, "test-reanchor"))).caseAnchors;

let t: TestTenant;
let oldKeyId: string;
let newKeyId: string;
beforeAll(async () => {
  t = await createTenant({ name: "AML re-anchor", shard: 0 });
  oldKeyId = (await anchorKeysFrom(OLD)).signingKeyId;
  newKeyId = (await anchorKeysFrom(NEW)).signingKeyId;
});
afterEach(() => vi.restoreAllMocks());

/** An AML case with a created entry and one transition, anchored under the Worker's key (OLD). */
async function amlCase() {
  const { customerId } = await customerWith(t, [
    { amountMinor: 5_000_000, transactionDate: ago(1), channel: "cash" },
  ]);
  const opened = await json<EvaluateBody>(
    await call("POST", "/v1/kyc-aml/evaluate", {
      key: t.key,
      body: { entityType: "customer", entityId: customerId, ruleIds: ["AML-LCT-001"] },
    }),
  );
  const caseId = opened.result.cases[0].caseId;
  const moved = await call("POST", `/v1/kyc-aml/cases/${caseId}/transition`, {
    key: t.key,
    body: { actorId: "analyst-1", toStatus: "under_investigation", note: "cash from a car sale" },
  });
  expect(moved.status).toBe(200);
  return caseId;
}
const anchorKeyOf = async (caseId: string) =>
  (
    await env.SHARD_0.prepare("SELECT head_anchor_key_id AS k FROM aml_cases WHERE id = ?")
      .bind(caseId)
      .first<{ k: string }>()
  )?.k;
const casesUnder = async (keyId: string) =>
  (await env.SHARD_0.prepare("SELECT count(*) AS n FROM aml_cases WHERE head_anchor_key_id = ?")
    .bind(keyId)
    .first<{ n: number }>())!.n;
const readWith = async (e: Env, caseId: string) =>
  getCase(await loadTenantContext(e, t.id, "test-reanchor"), caseId);

describe("re-anchoring AML cases after a SECRETS_KEY rotation", () => {
  it("re-anchors a case anchored under the old key; it then verifies with the new key alone", async () => {
    const caseId = await amlCase();
    expect(await anchorKeyOf(caseId)).toBe(oldKeyId);
    expect(await readWith(newOnly, caseId)).toMatchObject({ chainValid: false, anchorValid: false });

    const stale = await casesUnder(oldKeyId);
    const sweep = await reseal();
    expect(sweep.aml).toMatchObject({ reanchored: stale, invalid: 0, unreadable: 0, pending: 0 });
    expect(sweep.complete).toBe(true);
    expect(await anchorKeyOf(caseId)).toBe(newKeyId);
    expect(await readWith(newOnly, caseId)).toMatchObject({ chainValid: true, anchorValid: true });
  });

  it("does not re-anchor a tampered case: counted invalid, logged, still verifies invalid", async () => {
    const good = await amlCase();
    const tampered = await amlCase();
    await rewriteAmlHistory(tampered, 2, "nothing unusual");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});

    const stale = await casesUnder(oldKeyId);
    const sweep = await reseal();
    expect(sweep.aml).toMatchObject({ reanchored: stale - 1, invalid: 1, pending: 0 });
    expect(await anchorKeyOf(good)).toBe(newKeyId);
    expect(await anchorKeyOf(tampered)).toBe(oldKeyId);
    expect(await readWith(rotated, tampered)).toMatchObject({ chainValid: false, anchorValid: false });
    expect(await readWith(newOnly, tampered)).toMatchObject({ chainValid: false, anchorValid: false });
    const logged = errors.mock.calls.map((c) => String(c[0])).filter((l) => l.includes(tampered));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0])).toMatchObject({ kind: "aml", tenantId: t.id, caseId: tampered });
  });

  it("a second run re-anchors nothing: current anchors are counted, not rewritten", async () => {
    await amlCase();
    const first = await reseal();
    const anchors = () => env.SHARD_0.prepare("SELECT id, head_anchor FROM aml_cases ORDER BY id").all();
    const before = (await anchors()).results;
    const second = await reseal();
    expect(second.aml).toMatchObject({
      reanchored: 0,
      current: first.aml.current + first.aml.reanchored,
      invalid: first.aml.invalid,
      pending: 0,
    });
    expect((await anchors()).results).toEqual(before);
  });
});
