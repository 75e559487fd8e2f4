import { env } from "cloudflare:workers";
import { verify as verifyServiceSignature } from "@octokit/webhooks-methods";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlDb } from "../../src/db/client";
import { connectors } from "../../src/db/control-schema";
import { webhookSubscriptions } from "../../src/db/shard";
import { systemShardDb } from "../../src/db/system-db";
import { tenantScope } from "../../src/db/tenant-context";
import { connectorFor } from "../../src/modules/admin/connectors/service";
import { resealSecrets } from "../../src/modules/admin/reseal/service";
import { systemContext } from "../../src/modules/audit/service";
import { openPersonalTexts, sealPersonalText } from "../../src/modules/privacy/subject-keys/service";
import { signingSecrets } from "../../src/modules/webhooks/secrets/service";
import { admin, call, createTenant, insertCustomer } from "../harness";
import { contextFor, received, receiverUrl, subscribe } from "./helpers";

// Webhook signing secrets and connector passwords are sealed in D1 (src/lib/sealed.ts):
// a copy of the database does not reveal them, and deliveries are still signed with them.
describe("secrets at rest", () => {
  const storedSubscription = async (t: Awaited<ReturnType<typeof createTenant>>, id: string) =>
    systemShardDb(env, t.shard)
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, id))
      .get();

  it("stores a webhook secret sealed, shows its prefix, and signs deliveries with it", async () => {
    const t = await createTenant();
    const url = receiverUrl("ok");
    const created = await subscribe(t, url);
    const row = await storedSubscription(t, created.subscription.id);
    expect(row!.secret).toMatch(/^sealed:v1:[0-9a-f]{8}:/);
    expect(JSON.stringify(row)).not.toContain(created.secret);
    expect(row!.secretPrefix).toBe(created.secret.slice(0, 10));

    await call("POST", `/v1/webhooks/subscriptions/${created.subscription.id}/test`, { key: t.key });
    const [req] = await received(url);
    expect(await verifyServiceSignature(created.secret, req.body, req.headers["x-service-signature"])).toBe(
      true,
    );
  });

  it("keeps the previous secret sealed through a rotation", async () => {
    const t = await createTenant();
    const created = await subscribe(t, receiverUrl("ok"));
    const rotated = await call(
      "POST",
      `/v1/webhooks/subscriptions/${created.subscription.id}/rotate-secret`,
      {
        key: t.key,
        body: { graceSeconds: 3600 },
      },
    );
    const { secret } = (await rotated.json()) as { secret: string };
    const row = await storedSubscription(t, created.subscription.id);
    expect(row!.previousSecret).toMatch(/^sealed:v1:/);
    expect(JSON.stringify(row)).not.toContain(created.secret);
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it("does not open a sealed secret copied into another subscription", async () => {
    const t = await createTenant();
    const url = receiverUrl("ok");
    const a = await subscribe(t, url);
    const b = await subscribe(t, url);
    const ctx = await contextFor(t);
    const stolen = (await storedSubscription(t, a.subscription.id))!.secret;
    await systemShardDb(ctx.env, ctx.tenant.shard)
      .update(webhookSubscriptions)
      .set({ secret: stolen })
      .where(eq(webhookSubscriptions.id, b.subscription.id));
    const res = await call("POST", `/v1/webhooks/subscriptions/${b.subscription.id}/test`, { key: t.key });
    expect(res.status).toBe(500);
    expect(await received(url)).toHaveLength(0);
  });

  it("still signs with a secret stored before sealing (plaintext row)", async () => {
    const t = await createTenant();
    const url = receiverUrl("ok");
    const created = await subscribe(t, url);
    const legacy = "whsec_bGVnYWN5LXNlY3JldC1zdG9yZWQtYmVmb3JlLXNlYWxpbmc=";
    await systemShardDb(env, t.shard)
      .update(webhookSubscriptions)
      .set({ secret: legacy })
      .where(eq(webhookSubscriptions.id, created.subscription.id));
    await call("POST", `/v1/webhooks/subscriptions/${created.subscription.id}/test`, { key: t.key });
    const [req] = await received(url);
    expect(await verifyServiceSignature(legacy, req.body, req.headers["x-service-signature"])).toBe(true);
  });

  it("stores a connector password sealed", async () => {
    const t = await createTenant();
    const res = await admin("PUT", `/admin/tenants/${t.id}/connectors/core_banking`, {
      provider: "fineract",
      baseUrl: "https://core.example.test/fineract-provider/api/v1",
      tenantIdentifier: "default",
      username: "mifos",
      password: "s3cret-password",
    });
    expect(res.status).toBe(200);
    const row = await controlDb(env)
      .select()
      .from(connectors)
      .where(and(eq(connectors.tenantId, t.id), eq(connectors.type, "core_banking")))
      .get();
    expect(JSON.stringify(row)).not.toContain("s3cret-password");
    expect((row!.config as { password: string }).password).toMatch(/^sealed:v1:/);
  });

  it("after a key rotation, reseals every stored secret under the new key without changing it", async () => {
    const t = await createTenant({ name: "Reseal", shard: 1 });
    const url = receiverUrl("ok");
    const created = await subscribe(t, url);
    await admin("PUT", `/admin/tenants/${t.id}/connectors/core_banking`, {
      provider: "fineract",
      baseUrl: "https://core.example.test/fineract-provider/api/v1",
      tenantIdentifier: "default",
      username: "mifos",
      password: "s3cret-password",
    });
    const before = (await storedSubscription(t, created.subscription.id))!.secret;
    // Text about a customer, sealed under the customer's key (itself sealed with SECRETS_KEY). No
    // case: a case would be anchored under the new key and outlive this test's rotation.
    const customer = await insertCustomer(t, { name: "Ama Reseal" });
    const note = "Ama Reseal confirmed the transfer";
    const sealedNote = await sealPersonalText(
      { ...tenantScope(env, t.shard, t.id), env },
      customer.id,
      "fraud.case_note",
      note,
    );

    // The operator puts a new key first and keeps the old one after it.
    const rotated = { ...env, SECRETS_KEY: `${Buffer.alloc(32, 9).toString("base64")},${env.SECRETS_KEY}` };
    const first = await resealSecrets(systemContext(rotated, "test-reseal"));
    expect(first.keyId).not.toBe(before.split(":")[2]);
    expect(first.webhookSecrets.resealed).toBeGreaterThanOrEqual(1);
    expect(first.connectorPasswords.resealed).toBeGreaterThanOrEqual(1);
    const after = (await storedSubscription(t, created.subscription.id))!.secret;
    expect(after.split(":")[2]).toBe(first.keyId);

    // The secret did not change: with the new key alone it still opens to what the receiver holds.
    const sub = (await storedSubscription(t, created.subscription.id))!;
    const newOnly = rotated.SECRETS_KEY.split(",")[0];
    expect((await signingSecrets(newOnly, sub, new Date())).secret).toBe(created.secret);
    expect(
      (await connectorFor({ ...env, SECRETS_KEY: newOnly }, t.id, "core_banking")) as { password: string },
    ).toMatchObject({ password: "s3cret-password" });

    expect(first.subjectKeys.resealed).toBeGreaterThanOrEqual(1);
    const scope = { ...tenantScope(env, t.shard, t.id), env: { SECRETS_KEY: newOnly } };
    expect(await openPersonalTexts(scope, "fraud.case_note", [sealedNote])).toEqual([note]);

    // Running it again rewrites nothing of this tenant's.
    const again = await resealSecrets(systemContext(rotated, "test-reseal"));
    expect(again.webhookSecrets.resealed).toBe(0);
    expect(again.connectorPasswords.resealed).toBe(0);
    expect(again.subjectKeys.resealed).toBe(0);
  });

  it("seals plaintext left from before sealing, and the operator route reports counts", async () => {
    const t = await createTenant();
    const url = receiverUrl("ok");
    const created = await subscribe(t, url);
    const legacy = "whsec_bGVnYWN5LXNlY3JldC1zdG9yZWQtYmVmb3JlLXNlYWxpbmc=";
    await systemShardDb(env, t.shard)
      .update(webhookSubscriptions)
      .set({ secret: legacy })
      .where(eq(webhookSubscriptions.id, created.subscription.id));
    const res = await admin("POST", "/admin/secrets/reseal");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      webhookSecrets: { resealed: number; current: number };
      caseAnchors: { complete: boolean; fraud: Record<string, number>; aml: Record<string, number> };
    };
    expect(body.webhookSecrets.resealed).toBeGreaterThanOrEqual(1);
    // No rotation here: no case is under an older key, so the case sweep has nothing to do.
    const untouched = { reanchored: 0, invalid: 0, unreadable: 0, pending: 0 };
    expect(body.caseAnchors).toMatchObject({ complete: true, fraud: untouched, aml: untouched });
    const row = await storedSubscription(t, created.subscription.id);
    expect(row!.secret).toMatch(/^sealed:v1:/);
    await call("POST", `/v1/webhooks/subscriptions/${created.subscription.id}/test`, { key: t.key });
    const [req] = await received(url);
    expect(await verifyServiceSignature(legacy, req.body, req.headers["x-service-signature"])).toBe(true);
    expect((await call("POST", "/admin/secrets/reseal")).status).toBe(401);
  });
});
