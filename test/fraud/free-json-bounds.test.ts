import { beforeAll, describe, expect, it } from "vitest";
import { FREE_FORM_JSON_BOUNDS } from "../../src/http/bounded-json";
import { call, createTenant, json, type TestTenant } from "../harness";
import { caseBody, openCase } from "./helpers";

/** Issue 12 defect 3 / issue 11 finding 8: free-form JSON fields are bounded at the edge. */
type ErrorBody = { error: { code: string; details?: { path: string; message: string }[] } };

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ shard: 0 });
});

/** JSON text of an object `levels` deep: {"a":{"a":...1}}. Built as text: no recursion anywhere. */
const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
const { maxDepth, maxBytes } = FREE_FORM_JSON_BOUNDS;

/** A create-case body with `field` set to raw JSON text. */
const withRaw = (field: string, raw: string) => {
  const base = JSON.stringify(caseBody());
  return `${base.slice(0, -1)},"${field}":${raw}}`;
};
const post = (path: string, body: string) =>
  call("POST", path, { key: t.key, body, headers: { "content-type": "application/json" } });

async function expect400(res: Response, path: string, message: RegExp) {
  expect(res.status).toBe(400);
  const body = await json<ErrorBody>(res);
  expect(body.error.code).toBe("bad_request");
  expect(body.error.details).toContainEqual({ path, message: expect.stringMatching(message) });
}

describe("free-form JSON fields of fraud cases", () => {
  it("a 5,000-deep metadata object is a 400 naming the field, not a 500", async () => {
    await expect400(
      await post("/v1/fraud/cases", withRaw("metadata", deep(5000))),
      "metadata",
      /levels deep/,
    );
  });

  it("explainability and a triggeredSignals item are bounded the same way", async () => {
    await expect400(
      await post("/v1/fraud/cases", withRaw("explainability", deep(5000))),
      "explainability",
      /levels deep/,
    );
    await expect400(
      await post("/v1/fraud/cases", withRaw("triggeredSignals", `[{}, ${deep(3000)}]`)),
      "triggeredSignals.1",
      /levels deep/,
    );
  });

  it(`accepts exactly ${maxDepth} levels and refuses ${maxDepth + 1}`, async () => {
    expect((await post("/v1/fraud/cases", withRaw("metadata", deep(maxDepth)))).status).toBe(201);
    await expect400(
      await post("/v1/fraud/cases", withRaw("metadata", deep(maxDepth + 1))),
      "metadata",
      /levels deep/,
    );
  });

  it(`refuses metadata over ${maxBytes} bytes as JSON`, async () => {
    const big = JSON.stringify({ note: "x".repeat(maxBytes) });
    await expect400(await post("/v1/fraud/cases", withRaw("metadata", big)), "metadata", /at most 16 KiB/);
  });

  it("evidenceReference and resolution on POST /cases/{id}/events: deep values are a 400, not a 500", async () => {
    const c = await openCase(t);
    const event = (field: string, raw: string) =>
      `{"eventType":"evidence_added","actorType":"user","actorId":"u1","evidenceType":"doc","${field}":${raw}}`;
    for (const field of ["evidenceReference", "resolution"]) {
      await expect400(
        await post(`/v1/fraud/cases/${c.id}/events`, event(field, deep(5000))),
        field,
        /levels deep/,
      );
    }
    const ok = await post(`/v1/fraud/cases/${c.id}/events`, event("evidenceReference", '{"doc":"kyc.pdf"}'));
    expect(ok.status).toBe(201);
  });
});

describe("GraphQL variables", () => {
  it("a 5,000-deep variable value is a 400 naming variables", async () => {
    const body = `{"query":"query ($limit: Int) { customers(limit: $limit) { data { id } } }","variables":{"limit":1,"x":${deep(5000)}}}`;
    await expect400(await post("/v1/graphql", body), "variables", /levels deep/);
  });
});

describe("the bounds are in the OpenAPI document", () => {
  it("documents maxProperties and the depth and size limits on metadata", async () => {
    const doc = await json<{
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    }>(await call("GET", "/v1/openapi.json"));
    const metadata = doc.components.schemas.FraudCaseCreateRequest.properties.metadata as {
      maxProperties: number;
      description: string;
    };
    expect(metadata.maxProperties).toBe(FREE_FORM_JSON_BOUNDS.maxProperties);
    expect(metadata.description).toMatch(new RegExp(`${maxDepth} levels deep and 16 KiB`));
  });
});
