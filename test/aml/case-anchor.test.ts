import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createKey, createTenant, json, type TestTenant } from "../harness";
import { rewriteAmlHistory } from "../tamper";
import { ago, customerWith, type EvaluateBody } from "./helpers";

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "AML anchors", shard: 0 });
});

interface Entry {
  sequence: number;
  actorType: string;
  actorId: string;
  actorKeyId: string | null;
  note: string | null;
}
interface CaseJson {
  chainValid: boolean;
  anchorValid: boolean | null;
  history: Entry[];
}

async function openAmlCase() {
  const { customerId } = await customerWith(t, [
    { amountMinor: 5_000_000, transactionDate: ago(1), channel: "cash" },
  ]);
  const opened = await json<EvaluateBody>(
    await call("POST", "/v1/kyc-aml/evaluate", {
      key: t.key,
      body: { entityType: "customer", entityId: customerId, ruleIds: ["AML-LCT-001"] },
    }),
  );
  return opened.result.cases[0].caseId;
}
const move = (caseId: string, body: Record<string, unknown>, key = t.key) =>
  call("POST", `/v1/kyc-aml/cases/${caseId}/transition`, { key, body: { actorId: "analyst-1", ...body } });
const getCase = async (caseId: string) =>
  (await json<{ case: CaseJson }>(await call("GET", `/v1/kyc-aml/cases/${caseId}`, { key: t.key }))).case;

describe("AML case history attribution", () => {
  it("records the key of every write; an actorType in the body is refused (400 naming it)", async () => {
    const other = await createKey(t.id, ["aml:read", "aml:write"]);
    const caseId = await openAmlCase();
    const claimed = await move(caseId, { toStatus: "under_investigation", actorType: "system" });
    expect(claimed.status).toBe(400);
    expect(JSON.stringify(await json(claimed))).toContain("actorType");
    expect((await move(caseId, { toStatus: "under_investigation" }, other.key)).status).toBe(200);
    const found = await getCase(caseId);
    expect(found.history.map((h) => [h.sequence, h.actorType, h.actorId, h.actorKeyId])).toEqual([
      [1, "system", "aml-evaluate", t.keyId],
      // A key bound to no user is shown as an integration (issue 37).
      [2, "integration", "analyst-1", other.id],
    ]);
    expect(found).toMatchObject({ chainValid: true, anchorValid: true });
  });

  it("a note with a lone surrogate is 400 naming the field and appends nothing", async () => {
    const caseId = await openAmlCase();
    const res = await move(caseId, { toStatus: "escalated", note: "see \uD800" });
    expect(res.status).toBe(400);
    const details = (await json<{ error: { details: Array<{ path: string }> } }>(res)).error.details;
    expect(details.map((d) => d.path)).toEqual(["note"]);
    const found = await getCase(caseId);
    expect(found.history.length).toBe(1);
    expect(found.chainValid).toBe(true);
  });
});

describe("AML case head anchors", () => {
  it("a history rewritten with every later hash recomputed no longer verifies", async () => {
    const caseId = await openAmlCase();
    await move(caseId, { toStatus: "under_investigation", note: "cash from a car sale" });
    await move(caseId, { toStatus: "escalated", note: "documents missing" });
    await rewriteAmlHistory(caseId, 2, "nothing unusual");
    const found = await getCase(caseId);
    expect(found.history[1].note).toBe("nothing unusual");
    expect(found).toMatchObject({ chainValid: false, anchorValid: false });
  });

  it("a case from before anchors verifies on its chain alone (anchorValid null), and is anchored by its next move", async () => {
    const caseId = await openAmlCase();
    await env.SHARD_0.prepare(
      "UPDATE aml_cases SET head_anchor = NULL, head_anchor_key_id = NULL WHERE id = ?",
    )
      .bind(caseId)
      .run();
    expect(await getCase(caseId)).toMatchObject({ chainValid: true, anchorValid: null });
    await move(caseId, { toStatus: "under_investigation" });
    expect(await getCase(caseId)).toMatchObject({ chainValid: true, anchorValid: true });
  });
});
