import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admin, call, createKey, createTenant, json } from "../harness";

const listCustomers = (key: string) => call("GET", "/v1/customers", { key });

describe("API keys", () => {
  it("stores only a hash and a display prefix, never the key", async () => {
    const t = await createTenant();
    const row = await env.CONTROL_DB.prepare("SELECT * FROM api_keys WHERE id = ?")
      .bind(t.keyId)
      .first<Record<string, string>>();
    expect(JSON.stringify(row)).not.toContain(t.key);
    expect(row?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(t.key.startsWith(row?.prefix ?? "?")).toBe(true);
    const listed = await json<{ data: Record<string, unknown>[] }>(
      await admin("GET", `/admin/tenants/${t.id}/keys`),
    );
    expect(JSON.stringify(listed)).not.toContain(t.key);
    expect(listed.data[0]).not.toHaveProperty("keyHash");
  });

  it("gives 401 for unknown and malformed keys and 403 for a missing scope", async () => {
    const t = await createTenant();
    expect((await listCustomers(`csk_test_${"A".repeat(40)}`)).status).toBe(401);
    expect((await listCustomers("not-a-key")).status).toBe(401);
    expect((await listCustomers(`csk_live_${"A".repeat(40)}`)).status).toBe(401);
    const narrow = await createKey(t.id, ["bhi:read"]);
    expect((await listCustomers(narrow.key)).status).toBe(403);
    const reader = await createKey(t.id, ["data:read"]);
    expect((await listCustomers(reader.key)).status).toBe(200);
  });

  it("refuses an expired key", async () => {
    const t = await createTenant();
    const soon = new Date(Date.now() + 1500).toISOString();
    const key = await createKey(t.id, ["*"], { expiresAt: soon });
    expect((await listCustomers(key.key)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    expect((await listCustomers(key.key)).status).toBe(401);
  });

  it("refuses a key whose expiry is already past at creation", async () => {
    const t = await createTenant();
    const res = await admin("POST", `/admin/tenants/${t.id}/keys`, {
      name: "past",
      scopes: ["*"],
      expiresAt: "2020-01-01T00:00:00Z",
    });
    expect(res.status).toBe(400);
  });

  it("rotates: both keys work during the grace period, then only the new one", async () => {
    const t = await createTenant();
    const res = await admin("POST", `/admin/keys/${t.keyId}/rotate`, { graceSeconds: 1 });
    expect(res.status).toBe(201);
    const body = await json<{
      apiKey: { key: string; scopes: string[] };
      previous: { id: string; expiresAt: string };
    }>(res);
    expect(body.previous.id).toBe(t.keyId);
    expect(body.apiKey.scopes).toEqual(["*"]);
    expect((await listCustomers(t.key)).status).toBe(200);
    expect((await listCustomers(body.apiKey.key)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await listCustomers(t.key)).status).toBe(401);
    expect((await listCustomers(body.apiKey.key)).status).toBe(200);
    // A rotated key cannot be rotated again (its successor is the one to rotate).
    expect((await admin("POST", `/admin/keys/${t.keyId}/rotate`, {})).status).toBe(409);
  });

  it("defaults the grace period to a day", async () => {
    const t = await createTenant();
    const res = await admin("POST", `/admin/keys/${t.keyId}/rotate`);
    const body = await json<{ previous: { expiresAt: string } }>(res);
    const graceMs = Date.parse(body.previous.expiresAt) - Date.now();
    expect(graceMs).toBeGreaterThan(86_300_000);
    expect(graceMs).toBeLessThanOrEqual(86_400_000);
  });

  it("revokes at once in this isolate (and within the 5 s cache TTL elsewhere)", async () => {
    const t = await createTenant();
    expect((await listCustomers(t.key)).status).toBe(200);
    expect((await admin("DELETE", `/admin/keys/${t.keyId}`)).status).toBe(200);
    expect((await listCustomers(t.key)).status).toBe(401);
    expect((await admin("DELETE", `/admin/keys/${t.keyId}`)).status).toBe(200);
    expect((await admin("POST", `/admin/keys/${t.keyId}/rotate`, {})).status).toBe(409);
  });

  it("answers 404 for unknown keys and tenants", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await admin("DELETE", `/admin/keys/${missing}`)).status).toBe(404);
    expect((await admin("GET", `/admin/tenants/${missing}`)).status).toBe(404);
    expect((await admin("POST", `/admin/tenants/${missing}/keys`, { name: "k", scopes: ["*"] })).status).toBe(
      404,
    );
  });

  it("refuses unknown scopes", async () => {
    const t = await createTenant();
    const res = await admin("POST", `/admin/tenants/${t.id}/keys`, { name: "k", scopes: ["data:delete"] });
    expect(res.status).toBe(400);
  });
});
