import { describe, expect, it } from "vitest";
import { admin, createTenant, json } from "../harness";

interface TenantBody {
  tenant: {
    id: string;
    shard: number;
    features: { agentNetwork?: boolean };
    settings: Record<string, unknown>;
  };
}

describe("operator API", () => {
  it("creates a tenant with default settings and a key with every scope", async () => {
    const res = await admin("POST", "/admin/tenants", { name: "Kumasi Microfinance" });
    expect(res.status).toBe(201);
    const body = await json<TenantBody & { apiKey: { key: string; scopes: string[]; prefix: string } }>(res);
    expect(body.tenant.settings).toEqual({
      riskAlertThreshold: 40,
      currency: "GHS",
      maxWebhookSubscriptions: 20,
      country: null,
      homeCountry: "GH",
      allowedOrigins: [],
      rateLimitPerMinute: 1200,
      jobConcurrency: 2,
      storageQuotaBytes: 2_000_000_000,
    });
    expect(body.tenant.features.agentNetwork).toBe(false);
    expect(body.apiKey.scopes).toEqual(["*"]);
    expect(body.apiKey.key).toMatch(/^csk_test_[0-9A-Za-z]{40}$/);
    expect(body.apiKey.key.startsWith(body.apiKey.prefix)).toBe(true);
  });

  it("places a tenant on the shard the operator names, and refuses one that is not bound", async () => {
    // Placement by measured load: test/foundation/shards.test.ts.
    const a = await createTenant({ shard: 0 });
    const b = await createTenant({ shard: 1 });
    expect([a.shard, b.shard]).toEqual([0, 1]);
    expect((await admin("POST", "/admin/tenants", { name: "x", shard: 999 })).status).toBe(400);
  });

  it("updates features and settings by merging", async () => {
    const t = await createTenant({ settings: { currency: "GHS" } });
    const res = await admin("PATCH", `/admin/tenants/${t.id}`, {
      features: { agentNetwork: true },
      settings: { riskAlertThreshold: 35 },
    });
    expect(res.status).toBe(200);
    const body = await json<TenantBody>(res);
    expect(body.tenant.features.agentNetwork).toBe(true);
    expect(body.tenant.settings).toEqual({
      riskAlertThreshold: 35,
      currency: "GHS",
      maxWebhookSubscriptions: 20,
      country: null,
      homeCountry: "GH",
      allowedOrigins: [],
      rateLimitPerMinute: 1200,
      jobConcurrency: 2,
      storageQuotaBytes: 2_000_000_000,
    });
    const bad = await admin("PATCH", `/admin/tenants/${t.id}`, { settings: { currency: "cedi" } });
    expect(bad.status).toBe(400);
    // The webhook subscription cap: whole numbers 1..200, named in the 400.
    for (const maxWebhookSubscriptions of [0, 201, 2.5, "5"]) {
      const refused = await admin("PATCH", `/admin/tenants/${t.id}`, {
        settings: { maxWebhookSubscriptions },
      });
      expect(refused.status).toBe(400);
      const err = await json<{ error: { details: { path: string }[] } }>(refused);
      expect(err.error.details[0].path).toBe("settings.maxWebhookSubscriptions");
    }
  });

  it("sets the country (ISO 3166-1 alpha-2), else derives it from single-country currencies only", async () => {
    const settingsOf = async (res: Response) => {
      expect(res.status).toBeLessThan(300);
      return (await json<TenantBody>(res)).tenant.settings;
    };
    const created = await admin("POST", "/admin/tenants", {
      name: "Abidjan MFI",
      settings: { currency: "XOF", country: "CI" },
    });
    expect(created.status).toBe(201);
    const id = (await json<TenantBody>(created.clone())).tenant.id;
    expect(await settingsOf(created)).toMatchObject({ currency: "XOF", country: "CI", homeCountry: "CI" });

    // Removing it: XOF belongs to eight countries, so there is no home country (not "XO").
    const cleared = await admin("PATCH", `/admin/tenants/${id}`, { settings: { country: null } });
    expect(await settingsOf(cleared)).toMatchObject({ currency: "XOF", country: null, homeCountry: null });
    const naira = await admin("PATCH", `/admin/tenants/${id}`, { settings: { currency: "NGN" } });
    expect(await settingsOf(naira)).toMatchObject({ country: null, homeCountry: "NG" });

    for (const country of ["XO", "UK", "gh", "GHA", 233]) {
      const bad = await admin("PATCH", `/admin/tenants/${id}`, { settings: { country } });
      expect(bad.status, String(country)).toBe(400);
      const err = (await bad.json()) as { error: { details: Array<{ path: string }> } };
      expect(err.error.details.map((d) => d.path)).toEqual(["settings.country"]);
    }
    const after = await admin("GET", `/admin/tenants/${id}`);
    expect(await settingsOf(after)).toMatchObject({ currency: "NGN", country: null });
  });

  it("lists tenants newest first with pagination", async () => {
    await createTenant({ name: "first" });
    await createTenant({ name: "second" });
    const body = await json<{ data: { name: string }[]; pagination: { total: number; hasMore: boolean } }>(
      await admin("GET", "/admin/tenants?limit=1"),
    );
    expect(body.data).toHaveLength(1);
    expect(body.pagination.hasMore).toBe(true);
  });

  it("stores connector configuration without ever returning the password", async () => {
    const t = await createTenant();
    const res = await admin("PUT", `/admin/tenants/${t.id}/connectors/core_banking`, {
      provider: "fineract",
      baseUrl: "https://core.example.test/fineract-provider/api/v1",
      tenantIdentifier: "default",
      username: "mifos",
      password: "s3cret-password",
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain("s3cret-password");
    expect(JSON.parse(text).connector).toMatchObject({
      provider: "fineract",
      username: "mifos",
      hasPassword: true,
    });
    const bad = await admin("PUT", `/admin/tenants/${t.id}/connectors/core_banking`, {
      provider: "fineract",
    });
    expect(bad.status).toBe(400);
    const back = await admin("PUT", `/admin/tenants/${t.id}/connectors/core_banking`, { provider: "export" });
    expect(
      (await json<{ connector: { provider: string; hasPassword: boolean } }>(back)).connector,
    ).toMatchObject({
      provider: "export",
      hasPassword: false,
    });
  });
});
