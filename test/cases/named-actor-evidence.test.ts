/**
 * Links and uploads take their actor from the credential too (issue 37 item 2,
 * docs/decisions/case-work.md#named-analysts): a user's key cannot record another actorId on a
 * link, an unlink or an upload (400 naming actorId), and its own is recorded in the case logs.
 */
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { assertMatchesContract } from "../contract";
import { call, createTenant, json, type TestTenant } from "../harness";
import { aml, fraud, post } from "./helpers";

type Err = { error: { details?: Array<{ path: string }> } };

let t: TestTenant;
let ben: { id: string; name: string };
let benKey: TestTenant;

beforeAll(async () => {
  t = await createTenant({ name: "named actor evidence", shard: 0 });
  const made = await post(t, "/v1/users", { name: "Ben", email: "ben@bank.example", roles: ["analyst"] });
  expect(made.status).toBe(201);
  ben = (await json<{ user: { id: string; name: string } }>(made)).user;
  const key = await post(t, `/v1/users/${ben.id}/keys`, { name: "Ben's key" });
  expect(key.status).toBe(201);
  const { apiKey } = await json<{ apiKey: { id: string; key: string } }>(key);
  benKey = { ...t, key: apiKey.key, keyId: apiKey.id };
});

/** An upload through the Worker (the body is the file), checked against openapi.json. */
async function upload(key: string, caseId: string, actorId: string) {
  const path = `/v1/kyc-aml/cases/${caseId}/files?filename=note.txt&actorId=${actorId}`;
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "text/plain" },
      body: "seen at the branch",
    }),
  );
  await assertMatchesContract("POST", path, res);
  return res;
}

const refusedOn = async (res: Response) => {
  expect(res.status).toBe(400);
  return (await json<Err>(res)).error.details?.[0].path;
};

describe("the actor of links and uploads", () => {
  it("a user's key records the user on an upload; another actorId is a 400 naming actorId", async () => {
    const c = await aml.open(t);
    expect(await refusedOn(await upload(benKey.key, c.id, "lead-1"))).toBe("actorId");
    expect((await upload(benKey.key, c.id, ben.id)).status).toBe(201);
    expect((await aml.log(t, c.id)).at(-1)).toEqual({ type: "evidence_added", actorId: ben.id });
    // An integration key still names its analyst.
    expect((await upload(t.key, c.id, "ana")).status).toBe(201);
    expect((await aml.log(t, c.id)).at(-1)).toEqual({ type: "evidence_added", actorId: "ana" });
  });

  it("a user's key records the user on a link and an unlink in both logs; another actorId is a 400", async () => {
    const [f, a] = [await fraud.open(t), await aml.open(t)];
    const target = { kind: "aml_case", id: a.id };
    const forged = await post(benKey, `/v1/fraud/cases/${f.id}/links`, { target, actorId: "lead-1" });
    expect(await refusedOn(forged)).toBe("actorId");
    const made = await post(benKey, `/v1/fraud/cases/${f.id}/links`, { target, actorId: ben.id });
    expect(made.status).toBe(201);
    const { link } = await json<{ link: { id: string; createdBy: string } }>(made);
    expect(link.createdBy).toBe(ben.id);
    expect((await fraud.log(t, f.id)).at(-1)).toEqual({ type: "linked", actorId: ben.id });
    expect((await aml.log(t, a.id)).at(-1)).toEqual({ type: "linked", actorId: ben.id });

    const unlink = (actorId: string) =>
      call("DELETE", `/v1/kyc-aml/cases/${a.id}/links/${link.id}?actorId=${actorId}`, { key: benKey.key });
    expect(await refusedOn(await unlink("lead-1"))).toBe("actorId");
    expect((await unlink(ben.id)).status).toBe(200);
    expect((await fraud.log(t, f.id)).at(-1)).toEqual({ type: "unlinked", actorId: ben.id });
    expect((await aml.log(t, a.id)).at(-1)).toEqual({ type: "unlinked", actorId: ben.id });
  });
});
