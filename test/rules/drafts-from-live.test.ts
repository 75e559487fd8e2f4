import { beforeAll, describe, expect, it } from "vitest";
import { STRUCTURING, VELOCITY_BURST } from "../../src/modules/rules/domain/custom/examples";
import { call, createTenant, json, type TestTenant } from "../harness";
import { createList } from "../lists/helpers";
import { type ErrorBody, publish, putDraft, ruleSet, type Version } from "./helpers";

// Issue 38 item 2: drafts start from live and a PUT changes only what it names; a rule naming a
// missing list is a 400 naming its field; rollback to version 0; AML custom rules need no score.
let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "Drafts from live" });
});

const { score: _score, ...noScore } = STRUCTURING;
const amlRules = [noScore, { ...VELOCITY_BURST, score: undefined }];

describe("drafts start from the live version", () => {
  it("a PUT of thresholds alone keeps the live custom rules and built-ins; a second PUT keeps the first", async () => {
    const first = await putDraft(t.key, "aml", {
      custom: amlRules,
      builtins: { "AML-LCT-001": { enabled: false, severity: "low", parameters: {} } },
    });
    expect(first.status).toBe(200);
    expect((await publish(t.key, "aml", "two custom rules")).status).toBe(200);
    const live = (await ruleSet(t.key, "aml")).live;
    expect(live.content.custom.map((r) => (r as { ruleId: string }).ruleId)).toEqual([
      STRUCTURING.ruleId,
      VELOCITY_BURST.ruleId,
    ]);
    // AML custom rules are stored without a score.
    expect(live.content.custom.every((r) => !("score" in (r as object)))).toBe(true);

    const res = await putDraft(t.key, "aml", { thresholds: { largeCashAmount: 40_000 } });
    expect(res.status).toBe(200);
    const { draft } = await json<{ draft: { content: Version["content"] } }>(res);
    expect(draft.content.custom).toEqual(live.content.custom);
    expect(draft.content.builtins).toEqual(live.content.builtins);
    expect(draft.content.thresholds).toEqual({ ...live.content.thresholds, largeCashAmount: 40_000 });

    // The next PUT starts from the draft: the threshold stays, the named built-in changes.
    const next = await putDraft(t.key, "aml", {
      builtins: { "AML-LCT-001": { enabled: true, severity: "high", parameters: {} } },
    });
    const again = (await json<{ draft: { content: Version["content"] } }>(next)).draft.content;
    expect(again.thresholds?.largeCashAmount).toBe(40_000);
    expect(again.builtins["AML-LCT-001"]).toMatchObject({ enabled: true, severity: "high" });
    expect(again.custom).toEqual(live.content.custom);
    expect((await call("DELETE", "/v1/rule-sets/aml/draft", { key: t.key })).status).toBe(200);
  });

  it("a fraud custom rule still needs its score (400 naming it)", async () => {
    const res = await putDraft(t.key, "fraud", { custom: [noScore] });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).error.details?.map((d) => d.path)).toEqual(["custom.0.score"]);
  });
});

describe("in_list rules name a list the tenant has", () => {
  const listRule = (listId: string) => ({
    ...noScore,
    ruleId: "watched",
    condition: {
      op: "or",
      conditions: [STRUCTURING.condition, { op: "in_list", subject: "counterparty", listId }],
    },
  });

  it("refuses an unknown or archived list with the listId's path, accepts a live one", async () => {
    for (const listId of ["undefined", "8f14e45f-ceea-467f-a8d6-8a1f2a3b4c5d"]) {
      const res = await putDraft(t.key, "aml", { custom: [listRule(listId)] });
      expect(res.status).toBe(400);
      const details = (await json<ErrorBody>(res)).error.details ?? [];
      expect(details.map((d) => d.path)).toEqual(["custom.0.condition.conditions.1.listId"]);
      expect(details[0]!.message).toContain(listId);
    }
    const list = await createList(t, { name: "Watch", kind: "watchlist", entryType: "counterparty" });
    expect((await putDraft(t.key, "aml", { custom: [listRule(list.listId)] })).status).toBe(200);
    expect((await call("DELETE", `/v1/lists/${list.listId}`, { key: t.key })).status).toBeLessThan(300);
    const archived = await putDraft(t.key, "aml", { custom: [listRule(list.listId)] });
    expect(archived.status).toBe(400);
    expect((await json<ErrorBody>(archived)).error.details?.[0]?.message).toContain("archived");
    expect((await call("DELETE", "/v1/rule-sets/aml/draft", { key: t.key })).status).toBe(200);
  });
});

describe("rollback to version 0", () => {
  it("publishes the defaults again as the next version", async () => {
    const before = await ruleSet(t.key, "aml");
    expect(before.live.version).toBeGreaterThan(0);
    const zero = await ruleSet((await createTenant({ name: "Version 0 reference" })).key, "aml");
    const res = await call("POST", "/v1/rule-sets/aml/rollback", {
      key: t.key,
      body: { version: 0, reason: "back to the defaults" },
    });
    expect(res.status).toBe(200);
    const { version, publication } = await json<{
      version: Version;
      publication: { action: string; rolledBackTo: number };
    }>(res);
    expect(version.version).toBe(before.live.version + 1);
    expect(version.hash).toBe(zero.live.hash);
    expect(version.content).toEqual(zero.live.content);
    expect(publication).toMatchObject({ action: "rollback", rolledBackTo: 0 });
    const bad = await call("POST", "/v1/rule-sets/aml/rollback", {
      key: t.key,
      body: { version: -1, reason: "no" },
    });
    expect(bad.status).toBe(400);
  });
});
