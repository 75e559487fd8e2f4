import { describe, expect, it } from "vitest";
import { TEST_ADMIN_TOKEN } from "../constants";
import { admin, call, json } from "../harness";
import { adminAs, everyStoredEntry, newRequestId, operatorEntries } from "./helpers";

interface NewToken {
  operatorToken: { id: string; token: string; prefix: string; name: string; createdBy: string };
}

async function newOperatorToken(name: string, by = TEST_ADMIN_TOKEN) {
  const res = await call("POST", "/admin/operator-tokens", { key: by, body: { name } });
  expect(res.status).toBe(201);
  return (await json<NewToken>(res)).operatorToken;
}

describe("named operator tokens", () => {
  it("are created by an operator, work on /admin, and attribute actions to their id", async () => {
    const created = newRequestId("op-token");
    const res = await adminAs(created, "POST", "/admin/operator-tokens", { name: "ama (on-call)" });
    const { operatorToken } = await json<NewToken>(res);
    expect(operatorToken.token).toMatch(/^cop_[0-9A-Za-z]{40}$/);
    expect(operatorToken.token.startsWith(operatorToken.prefix)).toBe(true);
    expect(operatorToken.createdBy).toBe("bootstrap");
    const [entry] = await operatorEntries(created);
    expect(entry).toMatchObject({
      actorType: "operator",
      actorId: "bootstrap",
      action: "operator_token.created",
      targetId: operatorToken.id,
      tenantId: null,
    });

    const acted = newRequestId("as-token");
    const tenant = await adminAs(acted, "POST", "/admin/tenants", { name: "By Ama" }, operatorToken.token);
    expect(tenant.status).toBe(201);
    const [action] = await operatorEntries(acted);
    expect(action).toMatchObject({
      actorType: "operator",
      actorId: operatorToken.id,
      action: "tenant.created",
    });

    // A token can create another; the new one names its creator.
    const second = await newOperatorToken("kofi", operatorToken.token);
    expect(second.createdBy).toBe(operatorToken.id);
    expect(await everyStoredEntry()).not.toContain(operatorToken.token);
  });

  it("are listed without the token or its hash", async () => {
    const token = await newOperatorToken("listed");
    const res = await admin("GET", "/admin/operator-tokens?limit=500");
    const body = await json<{ data: Record<string, unknown>[] }>(res);
    const row = body.data.find((t) => t.id === token.id);
    expect(row).toMatchObject({ name: "listed", prefix: token.prefix, status: "active", revokedAt: null });
    expect(JSON.stringify(body)).not.toContain(token.token);
    expect(Object.keys(row!)).not.toContain("tokenHash");
  });

  it("are refused at once after revocation; the bootstrap ADMIN_TOKEN keeps working", async () => {
    const token = await newOperatorToken("leaving");
    expect((await call("GET", "/admin/tenants", { key: token.token })).status).toBe(200);
    const revoked = newRequestId("op-revoke");
    expect((await adminAs(revoked, "DELETE", `/admin/operator-tokens/${token.id}`)).status).toBe(200);
    const res = await call("GET", "/admin/tenants", { key: token.token });
    expect(res.status).toBe(401);
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe("unauthorized");
    expect((await call("GET", "/admin/tenants", { key: TEST_ADMIN_TOKEN })).status).toBe(200);

    const [entry] = await operatorEntries(revoked);
    expect(entry).toMatchObject({ action: "operator_token.revoked", targetId: token.id });
    expect(entry.before).toMatchObject({ status: "active" });
    expect(entry.after).toMatchObject({ status: "revoked" });
    const again = newRequestId("op-revoke-again");
    expect((await adminAs(again, "DELETE", `/admin/operator-tokens/${token.id}`)).status).toBe(200);
    expect(await operatorEntries(again)).toHaveLength(0);
  });

  it("refuse a well-formed unknown token, a token of another shape, and a tenant API key", async () => {
    const token = await newOperatorToken("real");
    const forged = `${token.prefix}${"x".repeat(token.token.length - token.prefix.length)}`;
    for (const key of [forged, `cop_${"A".repeat(40)}`, "cop_short", `${TEST_ADMIN_TOKEN}x`]) {
      expect((await call("GET", "/admin/tenants", { key })).status, key).toBe(401);
    }
    expect((await admin("DELETE", `/admin/operator-tokens/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
