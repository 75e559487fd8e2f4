import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { OPERATOR_SCOPES, type OperatorScope } from "../../src/lib/scopes";
import { TEST_ADMIN_TOKEN } from "../constants";
import { admin, call, createTenant, json } from "../harness";
import { adminAs, newRequestId, operatorEntries } from "./helpers";

interface Token {
  id: string;
  token: string;
  scopes: OperatorScope[];
  expiresAt: string;
  lastUsedAt: string | null;
  status: string;
  createdBy: string;
}

async function mint(body: Record<string, unknown>, by = TEST_ADMIN_TOKEN) {
  return call("POST", "/admin/operator-tokens", { key: by, body: { name: "scoped", ...body } });
}

async function newToken(body: Record<string, unknown> = {}, by = TEST_ADMIN_TOKEN): Promise<Token> {
  const res = await mint(body, by);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ operatorToken: Token }>(res)).operatorToken;
}

async function listed(id: string): Promise<Token> {
  const body = await json<{ data: Token[] }>(await admin("GET", "/admin/operator-tokens?limit=500"));
  return body.data.find((t) => t.id === id)!;
}

const errorCode = async (res: Response) => (await json<{ error: { code: string } }>(res)).error.code;

describe("operator token scopes", () => {
  it("default to the creator's scopes and a 90-day expiry; ADMIN_TOKEN holds every scope", async () => {
    const token = await newToken();
    expect(token.scopes).toEqual(OPERATOR_SCOPES);
    const days = (Date.parse(token.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    expect(token.lastUsedAt).toBeNull();
  });

  it("are enforced per route: without shards:read, /admin/shards is 403", async () => {
    const token = await newToken({ scopes: ["tenants:read"] });
    const res = await call("GET", "/admin/shards", { key: token.token });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe("forbidden");
    expect((await call("GET", "/admin/tenants", { key: token.token })).status).toBe(200);
    const shards = await newToken({ scopes: ["shards:read"] });
    expect((await call("GET", "/admin/shards", { key: shards.token })).status).toBe(200);
  });

  it("only a token with operators:write creates tokens", async () => {
    const reader = await newToken({ scopes: ["operators:read", "tenants:read"] });
    const res = await mint({ scopes: ["tenants:read"] }, reader.token);
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe("forbidden");
    expect((await call("GET", "/admin/operator-tokens", { key: reader.token })).status).toBe(200);
  });

  it("a token grants only scopes it holds", async () => {
    const maker = await newToken({ scopes: ["operators:write", "tenants:read"] });
    const res = await mint({ scopes: ["tenants:read", "keys:write"] }, maker.token);
    expect(res.status).toBe(403);
    expect(JSON.stringify(await json(res))).toContain("keys:write");
    const child = await newToken({ scopes: ["tenants:read"] }, maker.token);
    expect(child).toMatchObject({ scopes: ["tenants:read"], createdBy: maker.id });
    // By default a child gets exactly its creator's scopes, and ends no later than it.
    const inherits = await newToken({}, maker.token);
    expect(inherits.scopes).toEqual(["operators:write", "tenants:read"]);
    expect(Date.parse(inherits.expiresAt)).toBeLessThanOrEqual(Date.parse(maker.expiresAt));
  });

  it("a token cannot outlive its creator or be made already expired", async () => {
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const maker = await newToken({ expiresAt: soon });
    expect(maker.expiresAt).toBe(soon);
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    expect((await mint({ expiresAt: later }, maker.token)).status).toBe(400);
    expect((await mint({ expiresAt: new Date(Date.now() - 1000).toISOString() })).status).toBe(400);
    expect((await mint({ expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString() })).status).toBe(
      400,
    );
    expect((await newToken({}, maker.token)).expiresAt).toBe(soon);
  });

  it("an expired token is 401", async () => {
    const token = await newToken();
    expect((await call("GET", "/admin/tenants", { key: token.token })).status).toBe(200);
    const past = new Date(Date.now() - 1000).toISOString();
    await env.CONTROL_DB.prepare("UPDATE operator_tokens SET expires_at = ? WHERE id = ?")
      .bind(past, token.id)
      .run();
    const res = await call("GET", "/admin/tenants", { key: token.token });
    expect(res.status).toBe(401);
    expect(await errorCode(res)).toBe("unauthorized");
    expect((await listed(token.id)).status).toBe("expired");
  });

  it("lastUsedAt moves on use, at most once a minute", async () => {
    const token = await newToken();
    expect((await listed(token.id)).lastUsedAt).toBeNull();
    const before = Date.now();
    await call("GET", "/admin/tenants", { key: token.token });
    const first = (await listed(token.id)).lastUsedAt!;
    expect(Date.parse(first)).toBeGreaterThanOrEqual(before - 1000);
    await call("GET", "/admin/tenants", { key: token.token });
    expect((await listed(token.id)).lastUsedAt).toBe(first);
    // Two minutes on (stamped back): the next use writes it again.
    const old = new Date(Date.now() - 120_000).toISOString();
    await env.CONTROL_DB.prepare("UPDATE operator_tokens SET last_used_at = ? WHERE id = ?")
      .bind(old, token.id)
      .run();
    await call("GET", "/admin/tenants", { key: token.token });
    const moved = (await listed(token.id)).lastUsedAt!;
    expect(Date.parse(moved)).toBeGreaterThan(Date.parse(old) + 60_000);
  });
});

describe("revoking an operator token", () => {
  it("revokes every token below it: a child cannot act or mint tenant keys; each revocation audited", async () => {
    const tenant = await createTenant({ name: "Cascade target" });
    const parent = await newToken({ name: "parent" });
    const child = await newToken({ name: "child" }, parent.token);
    const grandchild = await newToken({ name: "grandchild" }, child.token);
    const sibling = await newToken({ name: "unrelated" });
    const keyBody = { name: "minted", scopes: ["*"] };
    expect(
      (await call("POST", `/admin/tenants/${tenant.id}/keys`, { key: child.token, body: keyBody })).status,
    ).toBe(201);

    const revoked = newRequestId("op-cascade");
    expect((await adminAs(revoked, "DELETE", `/admin/operator-tokens/${parent.id}`)).status).toBe(200);
    for (const t of [parent, child, grandchild]) {
      const res = await call("POST", `/admin/tenants/${tenant.id}/keys`, { key: t.token, body: keyBody });
      expect(res.status, t.id).toBe(401);
      expect((await call("GET", "/admin/tenants", { key: t.token })).status).toBe(401);
      expect((await listed(t.id)).status).toBe("revoked");
    }
    expect((await call("GET", "/admin/tenants", { key: sibling.token })).status).toBe(200);

    const entries = await operatorEntries(revoked);
    expect(entries.map((e) => [e.action, e.targetId]).sort()).toEqual(
      [
        ["operator_token.revoked", parent.id],
        ["operator_token.revoked_by_cascade", child.id],
        ["operator_token.revoked_by_cascade", grandchild.id],
      ].sort(),
    );
    const again = newRequestId("op-cascade-again");
    expect((await adminAs(again, "DELETE", `/admin/operator-tokens/${parent.id}`)).status).toBe(200);
    expect(await operatorEntries(again)).toHaveLength(0);
  });

  it("two revocations of one lineage at once: one entry per token, one chain", async () => {
    const parent = await newToken({ name: "parent" });
    const child = await newToken({ name: "child" }, parent.token);
    const grandchild = await newToken({ name: "grandchild" }, child.token);
    const [a, b] = [newRequestId("op-race-a"), newRequestId("op-race-b")];
    const answers = await Promise.all([
      adminAs(a, "DELETE", `/admin/operator-tokens/${child.id}`),
      adminAs(b, "DELETE", `/admin/operator-tokens/${parent.id}`),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const entries = [...(await operatorEntries(a)), ...(await operatorEntries(b))];
    expect(entries.map((e) => e.targetId).sort()).toEqual([parent.id, child.id, grandchild.id].sort());
    const verified = await adminAs(newRequestId("verify"), "GET", "/admin/audit-log/verify");
    expect(((await verified.json()) as { valid: boolean }).valid).toBe(true);
  });

  it("refuses a child whose parent was revoked even if the child's row was missed", async () => {
    const parent = await newToken({ name: "parent" });
    const child = await newToken({ name: "child" }, parent.token);
    // As if the child were made while the revocation ran: only the parent's row is revoked.
    await env.CONTROL_DB.prepare("UPDATE operator_tokens SET revoked_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), parent.id)
      .run();
    expect((await listed(child.id)).status).toBe("active");
    expect((await call("GET", "/admin/tenants", { key: child.token })).status).toBe(401);
  });
});
