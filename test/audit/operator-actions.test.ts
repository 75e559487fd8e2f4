import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admin, call, createTenant, json } from "../harness";
import { adminAs, everyStoredEntry, newRequestId, operatorEntries } from "./helpers";

const bootstrap = { actorType: "operator", actorId: "bootstrap" };

describe("operator actions leave exactly one audit entry each", () => {
  it("tenant.created: the tenant and its default key, never the key itself", async () => {
    const requestId = newRequestId("tenant");
    const res = await adminAs(requestId, "POST", "/admin/tenants", { name: "Audited MFI" });
    const body = await json<{ tenant: { id: string }; apiKey: { id: string; key: string } }>(res);
    const entries = await operatorEntries(requestId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...bootstrap,
      action: "tenant.created",
      targetType: "tenant",
      targetId: body.tenant.id,
      tenantId: body.tenant.id,
      before: null,
    });
    expect(entries[0].after).toMatchObject({ name: "Audited MFI", apiKey: { id: body.apiKey.id } });
    expect(JSON.stringify(entries[0])).not.toContain(body.apiKey.key);
  });

  it("tenant.settings_updated: settings before and after", async () => {
    const t = await createTenant();
    const requestId = newRequestId("settings");
    await adminAs(requestId, "PATCH", `/admin/tenants/${t.id}`, { settings: { riskAlertThreshold: 35 } });
    const [entry, ...rest] = await operatorEntries(requestId);
    expect(rest).toHaveLength(0);
    expect(entry).toMatchObject({
      ...bootstrap,
      action: "tenant.settings_updated",
      targetId: t.id,
      tenantId: t.id,
    });
    expect(entry.before).toMatchObject({ settings: { riskAlertThreshold: 40 } });
    expect(entry.after).toMatchObject({ settings: { riskAlertThreshold: 35 } });
  });

  it("api_key.created, rotated and revoked (a second revoke records nothing); no key or hash", async () => {
    const t = await createTenant();
    const created = newRequestId("key-create");
    const key = (
      await json<{ apiKey: { id: string; key: string } }>(
        await adminAs(created, "POST", `/admin/tenants/${t.id}/keys`, {
          name: "reports",
          scopes: ["bhi:read"],
        }),
      )
    ).apiKey;
    const rotated = newRequestId("key-rotate");
    const successor = (
      await json<{ apiKey: { id: string; key: string } }>(
        await adminAs(rotated, "POST", `/admin/keys/${key.id}/rotate`, { graceSeconds: 60 }),
      )
    ).apiKey;
    const revoked = newRequestId("key-revoke");
    await adminAs(revoked, "DELETE", `/admin/keys/${successor.id}`);
    const revokedAgain = newRequestId("key-revoke-again");
    expect((await adminAs(revokedAgain, "DELETE", `/admin/keys/${successor.id}`)).status).toBe(200);

    const [c] = await operatorEntries(created);
    expect(c).toMatchObject({ ...bootstrap, action: "api_key.created", targetId: key.id, tenantId: t.id });
    expect(c.after).toMatchObject({ scopes: ["bhi:read"], name: "reports" });
    const [r, ...moreRotations] = await operatorEntries(rotated);
    expect(moreRotations).toHaveLength(0);
    expect(r).toMatchObject({ action: "api_key.rotated", targetId: key.id, tenantId: t.id });
    expect(r.before).toMatchObject({ rotatedTo: null, expiresAt: null });
    expect(r.after).toMatchObject({ rotatedTo: successor.id, successor: { id: successor.id } });
    const [v] = await operatorEntries(revoked);
    expect(v).toMatchObject({
      action: "api_key.revoked",
      targetId: successor.id,
      before: { revokedAt: null },
    });
    expect(await operatorEntries(revokedAgain)).toHaveLength(0);

    const stored = await everyStoredEntry();
    for (const secret of [key.key, successor.key]) expect(stored).not.toContain(secret);
    for (const plaintext of [key.key, successor.key]) {
      const hash = [
        ...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(plaintext))),
      ]
        .map((b) => b.toString(16).padStart(2, "0"))
        .join("");
      expect(stored).not.toContain(hash);
    }
  });

  it("connector.configured: the configuration without its password, before and after", async () => {
    const t = await createTenant();
    const password = `pw-${crypto.randomUUID()}`;
    const config = {
      provider: "fineract",
      baseUrl: "https://core.example.test/fineract-provider/api/v1",
      tenantIdentifier: "default",
      username: "mifos",
      password,
    };
    const first = newRequestId("connector");
    expect(
      (await adminAs(first, "PUT", `/admin/tenants/${t.id}/connectors/core_banking`, config)).status,
    ).toBe(200);
    const second = newRequestId("connector-again");
    await adminAs(second, "PUT", `/admin/tenants/${t.id}/connectors/core_banking`, { provider: "export" });

    const [a] = await operatorEntries(first);
    expect(a).toMatchObject({ action: "connector.configured", tenantId: t.id, before: null });
    expect(a.after).toMatchObject({ provider: "fineract", username: "mifos", hasPassword: true });
    const [b] = await operatorEntries(second);
    expect(b.before).toMatchObject({ provider: "fineract", hasPassword: true });
    expect(b.after).toMatchObject({ provider: "export", hasPassword: false });
    const stored = await everyStoredEntry();
    expect(stored).not.toContain(password);
    expect(stored).not.toContain("sealed:v1:");
  });

  it("secrets.resealed: a platform entry (no tenant) with the counts", async () => {
    const requestId = newRequestId("reseal");
    expect((await adminAs(requestId, "POST", "/admin/secrets/reseal")).status).toBe(200);
    const [entry, ...rest] = await operatorEntries(requestId);
    expect(rest).toHaveLength(0);
    expect(entry).toMatchObject({ ...bootstrap, action: "secrets.resealed", tenantId: null });
    expect(entry.after).toHaveProperty("webhookSecrets");
    const counts = { reanchored: 0, invalid: 0, unreadable: 0, pending: 0 };
    expect(entry.after).toMatchObject({ caseAnchors: { complete: true, fraud: counts, aml: counts } });
  });
});

describe("the audit tables are append-only", () => {
  it("refuses UPDATE and DELETE on audit_log and tenant_audit_log", async () => {
    const t = await createTenant({ shard: 0 });
    await admin("PATCH", `/admin/tenants/${t.id}`, { settings: { riskAlertThreshold: 30 } });
    await expect(
      env.CONTROL_DB.prepare("UPDATE audit_log SET actor_id = 'someone-else' WHERE tenant_id = ?")
        .bind(t.id)
        .run(),
    ).rejects.toThrow(/append-only/);
    await expect(
      env.CONTROL_DB.prepare("DELETE FROM audit_log WHERE tenant_id = ?").bind(t.id).run(),
    ).rejects.toThrow(/append-only/);
    await env.SHARD_0.prepare(
      "INSERT INTO tenant_audit_log (id, tenant_id, actor_type, actor_id, action, target_type, target_id, before, after, request_id, created_at, seq, chain_hash, chain_key) " +
        "VALUES ('x-1', ?, 'system', 't', 'aml.thresholds_updated', 'aml_thresholds', ?, NULL, NULL, 'r', '2026-01-01T00:00:00.000Z', 1, 'h', 'k')",
    )
      .bind(t.id, t.id)
      .run();
    await expect(
      env.SHARD_0.prepare("UPDATE tenant_audit_log SET after = '{}' WHERE id = 'x-1'").run(),
    ).rejects.toThrow(/append-only/);
    await expect(env.SHARD_0.prepare("DELETE FROM tenant_audit_log WHERE id = 'x-1'").run()).rejects.toThrow(
      /append-only/,
    );
  });
});

describe("GET /admin/audit-log", () => {
  interface Page {
    data: { id: string; action: string; tenantId: string | null; createdAt: string }[];
    pagination: { total: number };
  }

  it("reads operator and tenant entries of one tenant, by action and time window", async () => {
    const t = await createTenant({ shard: 1 });
    // Apart by a few milliseconds, so the window edge falls between the entries.
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    await pause();
    const started = new Date().toISOString();
    await pause();
    await admin("PATCH", `/admin/tenants/${t.id}`, { settings: { riskAlertThreshold: 20 } });
    await call("PUT", "/v1/kyc-aml/thresholds", { key: t.key, body: { thresholds: {} } });
    const all = await json<Page>(await admin("GET", `/admin/audit-log?tenantId=${t.id}`));
    expect(all.data.map((e) => e.action).sort()).toEqual([
      "aml.thresholds_updated",
      "tenant.created",
      "tenant.settings_updated",
    ]);
    expect(all.pagination.total).toBe(3);
    const since = await json<Page>(
      await admin("GET", `/admin/audit-log?tenantId=${t.id}&since=${encodeURIComponent(started)}`),
    );
    expect(since.data.map((e) => e.action).sort()).toEqual([
      "aml.thresholds_updated",
      "tenant.settings_updated",
    ]);
    const until = await json<Page>(
      await admin("GET", `/admin/audit-log?tenantId=${t.id}&until=${encodeURIComponent(started)}`),
    );
    expect(until.data.map((e) => e.action)).toEqual(["tenant.created"]);
    const byAction = await json<Page>(
      await admin("GET", "/admin/audit-log?action=secrets.resealed&limit=500"),
    );
    expect(byAction.data.every((e) => e.action === "secrets.resealed" && e.tenantId === null)).toBe(true);
    expect((await admin("GET", `/admin/audit-log?tenantId=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await admin("GET", "/admin/audit-log?action=tenant.vanished")).status).toBe(400);
  });
});
