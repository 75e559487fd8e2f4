import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { tenantScope } from "../../src/db/tenant-context";
import { sweepExpiredIdempotencyKeys } from "../../src/modules/idempotency/jobs";
import {
  fingerprint,
  KEY_IN_USE_RETRY_AFTER_SECONDS,
  tenantKeys,
} from "../../src/modules/idempotency/service";
import { TEST_ADMIN_TOKEN } from "../constants";
import { caseBody } from "../fraud/helpers";
import { admin, call, createKey, createTenant, json, shardRows, type TestTenant } from "../harness";
import { customer } from "../ingest/helpers";
import { receiverUrl } from "../webhooks/helpers";
import { waitForRun } from "../workflows/helpers";

const newKey = () => crypto.randomUUID();
const post = (t: TestTenant, path: string, body: unknown, idempotencyKey?: string) =>
  call("POST", path, {
    key: t.key,
    body,
    headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {},
  });
const countOf = async (t: TestTenant, table: string) =>
  (await shardRows<{ n: number }>(t, `SELECT count(*) AS n FROM ${table} WHERE tenant_id = ?`, t.id))[0].n;

describe("Idempotency-Key on creating POSTs", () => {
  it("fraud case: a retry returns the first answer and opens no second case", async () => {
    const t = await createTenant();
    const key = newKey();
    const body = caseBody();
    const first = await post(t, "/v1/fraud/cases", body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const retry = await post(t, "/v1/fraud/cases", body, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.headers.get("content-type")).toContain("application/json");
    expect(await retry.json()).toEqual(await first.json());
    expect(await countOf(t, "fraud_cases")).toBe(1);
    // Without a key, the same body is a new request, as before.
    expect((await post(t, "/v1/fraud/cases", { ...body, alertId: crypto.randomUUID() })).status).toBe(201);
    expect(await countOf(t, "fraud_cases")).toBe(2);
  });

  it("the same key with another body is 422 idempotency_key_reused, and does nothing", async () => {
    const t = await createTenant();
    const key = newKey();
    expect((await post(t, "/v1/fraud/cases", caseBody(), key)).status).toBe(201);
    const reused = await post(t, "/v1/fraud/cases", caseBody({ title: "Other" }), key);
    expect(reused.status).toBe(422);
    expect((await json<{ error: { code: string } }>(reused)).error.code).toBe("idempotency_key_reused");
    // Another operation under the same key is a different request too.
    const elsewhere = await post(t, "/v1/lists", { name: "x", kind: "watchlist" }, key);
    expect(elsewhere.status).toBe(422);
    expect(await countOf(t, "fraud_cases")).toBe(1);
  });

  it("keys are scoped to the tenant: another tenant's identical request does its own work", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const key = newKey();
    const body = caseBody();
    const fromA = await json<{ case: { id: string } }>(await post(a, "/v1/fraud/cases", body, key));
    const fromB = await post(b, "/v1/fraud/cases", body, key);
    expect(fromB.status).toBe(201);
    expect(fromB.headers.get("idempotent-replayed")).toBeNull();
    expect((await json<{ case: { id: string } }>(fromB)).case.id).not.toBe(fromA.case.id);
  });

  it("keys are scoped to the API key: a second key of the tenant does not get the first's answer", async () => {
    const t = await createTenant();
    const other = await createKey(t.id, ["webhooks:write"]);
    const key = newKey();
    const body = { url: receiverUrl("ok"), eventTypes: ["*"] };
    const fromA = await json<{ subscription: { id: string }; secret: string }>(
      await post(t, "/v1/webhooks/subscriptions", body, key),
    );
    const fromB = await call("POST", "/v1/webhooks/subscriptions", {
      key: other.key,
      body,
      headers: { "idempotency-key": key },
    });
    expect(fromB.status).toBe(201);
    expect(fromB.headers.get("idempotent-replayed")).toBeNull();
    const b = await json<{ subscription: { id: string }; secret: string }>(fromB);
    expect(b.secret).not.toBe(fromA.secret);
    expect(b.subscription.id).not.toBe(fromA.subscription.id);
    // Each key still replays its own answer.
    const againA = await post(t, "/v1/webhooks/subscriptions", body, key);
    expect(againA.headers.get("idempotent-replayed")).toBe("true");
    expect((await json<{ secret: string }>(againA)).secret).toBe(fromA.secret);
  });

  it("two simultaneous requests with one key: one does the work, the other gets 409 or the replay", async () => {
    const t = await createTenant();
    const key = newKey();
    const body = caseBody();
    const answers = await Promise.all([1, 2, 3].map(() => post(t, "/v1/fraud/cases", body, key)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    for (const r of answers.filter((a) => a.status === 409)) {
      expect((await json<{ error: { code: string } }>(r)).error.code).toBe("idempotency_key_in_use");
    }
    const ids = new Set(
      await Promise.all(
        answers
          .filter((a) => a.status === 201)
          .map(async (r) => (await json<{ case: { id: string } }>(r)).case.id),
      ),
    );
    expect(ids.size).toBe(1);
    expect(await countOf(t, "fraud_cases")).toBe(1);
    // Once the first is done, a retry is its replay.
    const later = await post(t, "/v1/fraud/cases", body, key);
    expect(later.status).toBe(201);
    expect((await json<{ case: { id: string } }>(later)).case.id).toBe([...ids][0]);
  });

  it("a request while the first with the key still runs is 409 idempotency_key_in_use", async () => {
    const t = await createTenant();
    const key = newKey();
    const body = caseBody();
    const text = JSON.stringify(body);
    // The first request's claim, as it stands while its handler runs.
    const hash = await fingerprint(
      "POST",
      "/v1/fraud/cases",
      new TextEncoder().encode(text).buffer as ArrayBuffer,
    );
    const soon = new Date(Date.now() + 60_000).toISOString();
    await shardRows(
      t,
      "INSERT INTO idempotency_keys (tenant_id, key, request_hash, state, created_at, locked_until, expires_at) VALUES (?, ?, ?, 'in_flight', ?, ?, ?)",
      t.id,
      `${t.keyId}:${key}`,
      hash,
      new Date().toISOString(),
      soon,
      soon,
    );
    const second = await call("POST", "/v1/fraud/cases", {
      key: t.key,
      body: text,
      headers: { "idempotency-key": key },
    });
    expect(second.status).toBe(409);
    expect(second.headers.get("retry-after")).toBe(String(KEY_IN_USE_RETRY_AFTER_SECONDS));
    expect((await json<{ error: { code: string } }>(second)).error.code).toBe("idempotency_key_in_use");
    expect(await countOf(t, "fraud_cases")).toBe(0);
    // A claim whose lease ran out (its isolate died) is taken over: the retry does the work.
    await shardRows(
      t,
      "UPDATE idempotency_keys SET locked_until = ? WHERE tenant_id = ?",
      new Date(Date.now() - 1000).toISOString(),
      t.id,
    );
    const retry = await call("POST", "/v1/fraud/cases", {
      key: t.key,
      body: text,
      headers: { "idempotency-key": key },
    });
    expect(retry.status).toBe(201);
    expect(await countOf(t, "fraud_cases")).toBe(1);
  });

  it("of simultaneous claims of one key exactly one wins", async () => {
    const t = await createTenant();
    const store = tenantKeys(tenantScope(env, t.shard, t.id), t.keyId);
    const now = Date.now();
    const times = {
      now: new Date(now).toISOString(),
      lockedUntil: new Date(now + 60_000).toISOString(),
      expiresAt: new Date(now + 86_400_000).toISOString(),
    };
    const key = newKey();
    const wins = await Promise.all(Array.from({ length: 8 }, () => store.claim(key, "h", times)));
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it("the daily sweep deletes expired keys and keeps live ones", async () => {
    const t = await createTenant();
    const live = newKey();
    expect((await post(t, "/v1/fraud/cases", caseBody(), live)).status).toBe(201);
    const expired = newKey();
    const past = new Date(Date.now() - 1000).toISOString();
    await shardRows(
      t,
      "INSERT INTO idempotency_keys (tenant_id, key, request_hash, state, created_at, locked_until, expires_at) VALUES (?, ?, 'h', 'done', ?, ?, ?)",
      t.id,
      expired,
      past,
      past,
      past,
    );
    await sweepExpiredIdempotencyKeys(env, new Date());
    const keys = await shardRows<{ key: string }>(
      t,
      "SELECT key FROM idempotency_keys WHERE tenant_id = ?",
      t.id,
    );
    expect(keys.map((k) => k.key)).toEqual([`${t.keyId}:${live}`]);
  });

  it("webhook subscription: the replay shows the same signing secret, which is stored sealed", async () => {
    const t = await createTenant();
    const key = newKey();
    const body = { url: receiverUrl("ok"), eventTypes: ["*"] };
    const first = await json<{ subscription: { id: string }; secret: string }>(
      await post(t, "/v1/webhooks/subscriptions", body, key),
    );
    const retry = await post(t, "/v1/webhooks/subscriptions", body, key);
    expect(retry.status).toBe(201);
    const again = await json<{ subscription: { id: string }; secret: string }>(retry);
    expect(again.subscription.id).toBe(first.subscription.id);
    expect(again.secret).toBe(first.secret);
    expect(await countOf(t, "webhook_subscriptions")).toBe(1);
    const [stored] = await shardRows<{ body: string }>(
      t,
      "SELECT body FROM idempotency_keys WHERE tenant_id = ? AND key = ?",
      t.id,
      `${t.keyId}:${key}`,
    );
    expect(stored.body).not.toContain(first.secret);
  });

  it("ingest: a replay does not write again", async () => {
    const t = await createTenant();
    const key = newKey();
    const batch = [customer(1)];
    expect((await post(t, "/v1/ingest/customers", batch, key)).status).toBe(200);
    // Change the row behind the API's back: a second run of the ingest would restore the name.
    await shardRows(t, "UPDATE customers SET name = 'changed' WHERE tenant_id = ?", t.id);
    const retry = await post(t, "/v1/ingest/customers", batch, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const [row] = await shardRows<{ name: string }>(
      t,
      "SELECT name FROM customers WHERE tenant_id = ?",
      t.id,
    );
    expect(row.name).toBe("changed");
  });

  it("a 202 job start (workflow trigger) starts one run", async () => {
    const t = await createTenant();
    const key = newKey();
    const first = await post(t, "/v1/workflows/monthly-reports/trigger", {}, key);
    expect(first.status).toBe(202);
    const { runId } = await json<{ runId: string }>(first);
    const retry = await post(t, "/v1/workflows/monthly-reports/trigger", {}, key);
    expect(retry.status).toBe(202);
    expect((await json<{ runId: string }>(retry)).runId).toBe(runId);
    expect(await countOf(t, "workflow_runs")).toBe(1);
    await waitForRun(t, runId);
  });

  it("a final 4xx is replayed too; a malformed key is a 400 naming the header", async () => {
    const t = await createTenant();
    const key = newKey();
    const bad = { ...caseBody(), severity: "enormous" };
    expect((await post(t, "/v1/fraud/cases", bad, key)).status).toBe(400);
    const again = await post(t, "/v1/fraud/cases", bad, key);
    expect(again.status).toBe(400);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const malformed = await post(t, "/v1/fraud/cases", caseBody(), "has spaces in it");
    expect(malformed.status).toBe(400);
    expect((await json<{ error: { details: { path: string }[] } }>(malformed)).error.details[0].path).toBe(
      "Idempotency-Key",
    );
  });

  it("operator routes: a retried tenant creation creates one tenant and shows the same key", async () => {
    const key = newKey();
    const create = () =>
      call("POST", "/admin/tenants", {
        key: TEST_ADMIN_TOKEN,
        body: { name: `Idempotent ${key}` },
        headers: { "idempotency-key": key },
      });
    const first = await json<{ tenant: { id: string }; apiKey: { key: string } }>(await create());
    const retry = await create();
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const again = await json<{ tenant: { id: string }; apiKey: { key: string } }>(retry);
    expect(again.tenant.id).toBe(first.tenant.id);
    expect(again.apiKey.key).toBe(first.apiKey.key);
    const before = await json<{ pagination: { total: number } }>(
      await admin("GET", "/admin/tenants?limit=1"),
    );
    const third = await json<{ tenant: { id: string } }>(await create());
    expect(third.tenant.id).toBe(first.tenant.id);
    const after = await json<{ pagination: { total: number } }>(await admin("GET", "/admin/tenants?limit=1"));
    expect(after.pagination.total).toBe(before.pagination.total);
  });
});
