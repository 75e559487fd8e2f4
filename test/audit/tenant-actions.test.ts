import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tenantAuditLog, webhookSubscriptions } from "../../src/db/shard";
import { systemShardDb } from "../../src/db/system-db";
import { tenantAuditInsert } from "../../src/modules/audit/service";
import { createKey, createTenant, json, type TestTenant } from "../harness";
import { contextFor, receiverUrl } from "../webhooks/helpers";
import { everyStoredEntry, newRequestId, tenantAs, tenantEntries } from "./helpers";

interface Created {
  subscription: { id: string };
  secret: string;
}

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "Tenant actions", shard: 0 });
});

describe("a tenant's own actions are audited in its shard, attributed to the API key", () => {
  it("aml.thresholds_updated keeps what was in force before and after each change", async () => {
    const first = newRequestId("aml-1");
    await tenantAs(first, t.key, "PUT", "/v1/kyc-aml/thresholds", { thresholds: { largeCashAmount: 20000 } });
    const second = newRequestId("aml-2");
    await tenantAs(second, t.key, "PUT", "/v1/kyc-aml/thresholds", { thresholds: { velocityMaxCount: 30 } });

    const [a] = await tenantEntries(t.shard, first);
    expect(a).toMatchObject({
      tenantId: t.id,
      actorType: "api_key",
      actorId: t.keyId,
      action: "aml.thresholds_updated",
      targetType: "aml_thresholds",
    });
    expect(a.before).toMatchObject({ overrides: {}, thresholds: { largeCashAmount: 50000 } });
    expect(a.after).toMatchObject({
      overrides: { largeCashAmount: 20000 },
      thresholds: { largeCashAmount: 20000 },
    });
    const [b, ...rest] = await tenantEntries(t.shard, second);
    expect(rest).toHaveLength(0);
    // The history is a chain: each change starts from what the previous one left in force.
    expect(b.before).toEqual(a.after);
    expect(b.after).toMatchObject({
      overrides: { velocityMaxCount: 30 },
      thresholds: { largeCashAmount: 50000 },
    });
  });

  it("webhook subscription create, update, secret rotation and delete; no signing secret is stored", async () => {
    const created = newRequestId("wh-create");
    const sub = await json<Created>(
      await tenantAs(created, t.key, "POST", "/v1/webhooks/subscriptions", {
        url: receiverUrl("ok"),
        eventTypes: ["bhi.calculated"],
      }),
    );
    const id = sub.subscription.id;
    const updated = newRequestId("wh-update");
    await tenantAs(updated, t.key, "PATCH", `/v1/webhooks/subscriptions/${id}`, { description: "ops" });
    const rotated = newRequestId("wh-rotate");
    const rotation = await json<{ secret: string }>(
      await tenantAs(rotated, t.key, "POST", `/v1/webhooks/subscriptions/${id}/rotate-secret`, {
        graceSeconds: 60,
      }),
    );
    const deleted = newRequestId("wh-delete");
    expect(
      (await tenantAs(deleted, t.key, "DELETE", `/v1/webhooks/subscriptions/${id}`)).status,
    ).toBeLessThan(300);

    const one = async (requestId: string) => {
      const entries = await tenantEntries(t.shard, requestId);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorType: "api_key",
        actorId: t.keyId,
        targetId: id,
        tenantId: t.id,
      });
      return entries[0];
    };
    expect(await one(created)).toMatchObject({ action: "webhook_subscription.created", before: null });
    const u = await one(updated);
    expect(u).toMatchObject({ action: "webhook_subscription.updated" });
    expect([u.before?.description, u.after?.description]).toEqual([null, "ops"]);
    const r = await one(rotated);
    expect(r.action).toBe("webhook_secret.rotated");
    expect(r.after?.secretPrefix).toBe(rotation.secret.slice(0, 10));
    expect(await one(deleted)).toMatchObject({ action: "webhook_subscription.deleted", after: null });

    const stored = await everyStoredEntry();
    expect(stored).not.toContain(sub.secret);
    expect(stored).not.toContain(rotation.secret);
    expect(stored).not.toContain("sealed:v1:");
  });

  it("an entry written 'only if changed' is not written when the change found nothing", async () => {
    const ctx = { ...(await contextFor(t)), keyId: t.keyId, requestId: newRequestId("guard") };
    const change = {
      action: "webhook_subscription.updated" as const,
      target: { type: "webhook_subscription", id: "none" },
    };
    // Through the tenant's scoped client: the only batch (with controlDb's) that makes an audit entry.
    const noop = ctx.db
      .update(webhookSubscriptions)
      .set({ description: "x" })
      .where(eq(webhookSubscriptions.id, crypto.randomUUID()));
    await ctx.db.batch([noop, tenantAuditInsert(ctx, change, { onlyIfChanged: true })]);
    expect(await tenantEntries(t.shard, ctx.requestId)).toHaveLength(0);
    await ctx.db.batch([noop, tenantAuditInsert(ctx, change)]);
    expect(await tenantEntries(t.shard, ctx.requestId)).toHaveLength(1);
  });
});

describe("GET /v1/audit-log", () => {
  interface Page {
    data: { id: string; action: string; tenantId: string; actor: { type: string; id: string } }[];
    pagination: { total: number; hasMore: boolean };
  }

  it("merges the tenant's own entries with the operator's entries about it, and nobody else's", async () => {
    // Two tenants on the same shard, so a missing tenant filter would show.
    const a = await createTenant({ name: "A", shard: 0 });
    const b = await createTenant({ name: "B", shard: 0 });
    for (const x of [a, b]) {
      await tenantAs(newRequestId("x"), x.key, "PUT", "/v1/kyc-aml/thresholds", { thresholds: {} });
    }
    const page = await json<Page>(
      await tenantAs(newRequestId("read"), a.key, "GET", "/v1/audit-log?limit=500"),
    );
    expect(page.data.map((e) => e.action).sort()).toEqual(["aml.thresholds_updated", "tenant.created"]);
    expect(page.data.every((e) => e.tenantId === a.id)).toBe(true);
    expect(page.pagination.total).toBe(2);
    const actorOf = (action: string) => page.data.find((e) => e.action === action)?.actor;
    expect(actorOf("aml.thresholds_updated")).toEqual({ type: "api_key", id: a.keyId });
    expect(actorOf("tenant.created")).toEqual({ type: "operator", id: "bootstrap" });
    expect(page.data.map((e) => e.id)).toEqual(
      page.data
        .map((e) => e.id)
        .sort()
        .reverse(),
    );
    const stored = await systemShardDb(env, 0)
      .select()
      .from(tenantAuditLog)
      .where(eq(tenantAuditLog.tenantId, b.id));
    expect(stored.length).toBe(1);
    expect(JSON.stringify(page)).not.toContain(b.id);
  });

  it("filters by action and pages without repeats; needs audit:read (which * has)", async () => {
    const a = await createTenant({ shard: 1 });
    for (let i = 0; i < 3; i++) {
      await tenantAs(newRequestId("p"), a.key, "PUT", "/v1/kyc-aml/thresholds", {
        thresholds: { largeCashAmount: 1000 + i },
      });
    }
    const filtered = await json<Page>(
      await tenantAs(newRequestId("f"), a.key, "GET", "/v1/audit-log?action=tenant.created"),
    );
    expect(filtered.data.map((e) => e.action)).toEqual(["tenant.created"]);
    const ids: string[] = [];
    for (let offset = 0; offset < 4; offset += 2) {
      const page = await json<Page>(
        await tenantAs(newRequestId("g"), a.key, "GET", `/v1/audit-log?limit=2&offset=${offset}`),
      );
      ids.push(...page.data.map((e) => e.id));
    }
    expect(new Set(ids).size).toBe(4);
    expect([...ids].sort().reverse()).toEqual(ids);

    const narrow = await createKey(a.id, ["aml:read"]);
    expect((await tenantAs(newRequestId("n"), narrow.key, "GET", "/v1/audit-log")).status).toBe(403);
    const reader = await createKey(a.id, ["audit:read"]);
    expect((await tenantAs(newRequestId("r"), reader.key, "GET", "/v1/audit-log")).status).toBe(200);
    expect((await tenantAs(newRequestId("o"), a.key, "GET", "/v1/audit-log?offset=10001")).status).toBe(400);
  });
});
