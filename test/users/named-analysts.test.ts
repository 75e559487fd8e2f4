/**
 * Named analysts (issue 37 item 2, docs/decisions/case-work.md#named-analysts): users of a tenant,
 * keys bound to them, the actor taken from the credential, four-eyes on principals.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ROLE_SCOPES } from "../../src/modules/users/domain/roles";
import { aml, fraud, type Kind, post, setSettings } from "../cases/helpers";
import { call, createTenant, json, shardRows, type TestTenant } from "../harness";

interface User {
  id: string;
  name: string;
  email: string;
  roles: string[];
  disabled: boolean;
}
type Err = { error: { code: string; details?: Array<{ path: string; code?: string }> } };

let t: TestTenant;
const newUser = async (name: string, roles: string[]) => {
  const res = await post(t, "/v1/users", { name, email: `${name.toLowerCase()}@bank.example`, roles });
  expect(res.status).toBe(201);
  return (await json<{ user: User }>(res)).user;
};
/** The tenant seen through a key bound to `user` (the harness's calls take the key from the tenant). */
const as = async (user: User): Promise<TestTenant> => {
  const res = await post(t, `/v1/users/${user.id}/keys`, { name: `${user.name}'s key` });
  expect(res.status).toBe(201);
  const { apiKey } = await json<{ apiKey: { id: string; key: string; scopes: string[]; userId: string } }>(
    res,
  );
  expect(apiKey.userId).toBe(user.id);
  return { ...t, key: apiKey.key, keyId: apiKey.id };
};

beforeAll(async () => {
  t = await createTenant({ name: "named analysts", shard: 0 });
  expect((await setSettings(t, { caseCloseRequiresSecondActor: true })).status).toBe(200);
});

describe("users of a tenant", () => {
  it("are created, read, listed and changed through the API, each change audited; bad input is a 400 naming the field", async () => {
    const ana = await newUser("Ana", ["analyst"]);
    expect(ana).toMatchObject({
      name: "Ana",
      email: "ana@bank.example",
      roles: ["analyst"],
      disabled: false,
    });
    expect(
      (await json<{ user: User }>(await call("GET", `/v1/users/${ana.id}`, { key: t.key }))).user,
    ).toEqual(ana);
    const list = await json<{ data: User[] }>(await call("GET", "/v1/users?limit=100", { key: t.key }));
    expect(list.data.map((u) => u.id)).toContain(ana.id);
    const patched = await call("PATCH", `/v1/users/${ana.id}`, { key: t.key, body: { roles: ["lead"] } });
    expect((await json<{ user: User }>(patched)).user.roles).toEqual(["lead"]);
    const audit = await shardRows<{ action: string }>(
      t,
      "SELECT action FROM tenant_audit_log WHERE tenant_id = ?1 AND target_id = ?2 ORDER BY created_at, rowid",
      t.id,
      ana.id,
    );
    expect(audit.map((a) => a.action)).toEqual(["user.created", "user.updated"]);

    const bad = await post(t, "/v1/users", { name: "X", email: "not-an-email", roles: ["analyst"] });
    expect(bad.status).toBe(400);
    expect((await json<Err>(bad)).error.details?.map((d) => d.path)).toContain("email");
    const role = await post(t, "/v1/users", { name: "X", email: "x@bank.example", roles: ["boss"] });
    expect((await json<Err>(role)).error.details?.[0].path).toMatch(/^roles/);
    const again = await post(t, "/v1/users", {
      name: "Ana 2",
      email: "ANA@bank.example",
      roles: ["analyst"],
    });
    expect(again.status).toBe(409);
    const other = await createTenant({ name: "other", shard: 0 });
    expect((await call("GET", `/v1/users/${ana.id}`, { key: other.key })).status).toBe(404);
  });

  it("a key bound to a user holds the scopes of its roles now; a disabled user's key is refused", async () => {
    const rita = await newUser("Rita", ["read-only"]);
    const ritaKey = await as(rita);
    const c = await aml.open(t);
    expect((await call("GET", `/v1/kyc-aml/cases/${c.id}`, { key: ritaKey.key })).status).toBe(200);
    const tag = () => post(ritaKey, `/v1/kyc-aml/cases/${c.id}/tags`, { add: ["r1"] });
    expect((await tag()).status).toBe(403);
    expect((await call("GET", "/v1/users", { key: ritaKey.key })).status).toBe(403);
    expect(ROLE_SCOPES["read-only"]).not.toContain("aml:write");
    await call("PATCH", `/v1/users/${rita.id}`, { key: t.key, body: { roles: ["analyst"] } });
    expect((await tag()).status).toBe(200);
    await call("PATCH", `/v1/users/${rita.id}`, { key: t.key, body: { disabled: true } });
    expect((await call("GET", `/v1/kyc-aml/cases/${c.id}`, { key: ritaKey.key })).status).toBe(401);
    expect((await post(t, `/v1/users/${rita.id}/keys`, { name: "more" })).status).toBe(409);
  });
});

describe.each([fraud, aml])("$name cases worked by named users", (kind: Kind) => {
  it("a user's key records the user; a body actorId naming someone else is a 400 naming actorId", async () => {
    const ben = await newUser(`Ben${kind.name}`, ["analyst"]);
    const benKey = await as(ben);
    const c = await kind.open(t);
    const forged = await post(benKey, `${kind.base}/${c.id}/assignment`, {
      assigneeId: "x",
      actorId: "lead-1",
    });
    expect(forged.status).toBe(400);
    expect((await json<Err>(forged)).error.details?.[0].path).toBe("actorId");
    const own = await post(benKey, `${kind.base}/${c.id}/assignment`, {
      assigneeId: ben.id,
      actorId: ben.id,
    });
    expect(own.status).toBe(200);
    expect((await kind.log(t, c.id)).at(-1)).toEqual({ type: "assigned", actorId: ben.id });
    if (kind.name === "aml") {
      // The integration key shows as such; the user as a user.
      await post(t, `${kind.base}/${c.id}/tags`, { add: ["by-key"], actorId: "robot-1" });
      const history = (
        await json<{ case: { history: Array<{ actorType: string; actorId: string }> } }>(
          await call("GET", `${kind.base}/${c.id}`, { key: t.key }),
        )
      ).case.history.slice(-2);
      expect(history.map((h) => [h.actorType, h.actorId])).toEqual([
        ["user", ben.id],
        ["integration", "robot-1"],
      ]);
    }
  });

  it("four-eyes compares principals: one user through two keys is refused, two users succeed", async () => {
    const maker = await newUser(`Maker${kind.name}`, ["analyst"]);
    const checker = await newUser(`Checker${kind.name}`, ["lead"]);
    const [makerKey, makerKey2, checkerKey] = [await as(maker), await as(maker), await as(checker)];
    const c = await kind.open(t);
    expect((await kind.closeAs(makerKey, c.id, maker.id)).status).toBeLessThan(300);
    expect((await kind.get(t, c.id)).closeRequest).toMatchObject({ actorId: maker.id });
    const self = await post(makerKey2, `${kind.base}/${c.id}/close-request/confirm`, { actorId: maker.id });
    expect(self.status).toBe(409);
    expect((await json<Err>(self)).error.details).toContainEqual(
      expect.objectContaining({ code: "second_actor_required", path: "actorId" }),
    );
    const ok = await post(checkerKey, `${kind.base}/${c.id}/close-request/confirm`, {});
    expect(ok.status).toBe(200);
    expect((await kind.get(t, c.id)).status).toBe(kind.close);
    expect(await kind.chainValid(t, c.id)).toBe(true);
  });
});
