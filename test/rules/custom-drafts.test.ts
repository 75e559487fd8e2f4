import { beforeAll, describe, expect, it } from "vitest";
import { WORKED_EXAMPLES } from "../../src/modules/rules/domain/custom/examples";
import { createTenant, json, type TestTenant } from "../harness";
import { type ErrorBody, putDraft, ruleSet } from "./helpers";

// A draft's custom rules go through both checks on save: the content schema (shape) and the
// operator catalog's semantic validator (one detail per bad node, with its path).
let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "Custom rules in drafts" });
});

describe("custom rules in a draft", () => {
  it("accepts the three worked examples as written in the catalog", async () => {
    const res = await putDraft(t.key, "aml", { custom: WORKED_EXAMPLES });
    expect(res.status).toBe(200);
    const { draft } = await json<{ draft: { content: { custom: Array<{ ruleId: string }> } } }>(res);
    expect(draft.content.custom.map((r) => r.ruleId)).toEqual(WORKED_EXAMPLES.map((r) => r.ruleId));
    // Stored whole: the dormancy example's offset window survives the round trip.
    expect(draft.content.custom).toEqual(JSON.parse(JSON.stringify(WORKED_EXAMPLES)));
  });

  it("refuses semantic mistakes with the node's path, and writes nothing", async () => {
    const [first, second] = WORKED_EXAMPLES;
    const broken = [
      {
        ...first,
        condition: {
          op: "compare",
          aggregate: { fn: "sum", windowDays: 7 },
          comparator: ">=",
          to: { value: 1 },
        },
      },
      { ...second, ruleId: first.ruleId },
    ];
    const res = await putDraft(t.key, "fraud", { custom: broken });
    expect(res.status).toBe(400);
    const paths = (await json<ErrorBody>(res)).error.details?.map((d) => d.path) ?? [];
    expect(paths).toContain("custom.0.condition.aggregate.field");
    expect(paths.some((p) => p.startsWith("custom.1.ruleId"))).toBe(true);
    expect((await ruleSet(t.key, "fraud")).draft).toBeNull();
  });
});
