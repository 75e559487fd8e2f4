import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { loadTenantContext, tenantScope } from "../../src/db/tenant-context";
import { systemClock } from "../../src/lib/clock";
import { OPERATOR_SCOPES } from "../../src/lib/scopes";
import { createKey } from "../../src/modules/admin/keys/service";
import { createOperatorToken } from "../../src/modules/admin/operators/service";
import { createTenant as createTenantAsOperator } from "../../src/modules/admin/tenants/service";
import { addNote as addAmlNote } from "../../src/modules/aml/casework/service";
import { BOOTSTRAP_OPERATOR, type OperatorContext, operatorContext } from "../../src/modules/audit/service";
import { insertFile } from "../../src/modules/cases/files/repo";
import { fileObjectKey, uploadFile } from "../../src/modules/cases/files/service";
import { CreateCaseBody } from "../../src/modules/fraud/cases/schemas";
import { addNote, createCase } from "../../src/modules/fraud/service";
import {
  begin,
  fingerprint,
  holdClaim,
  type IdempotentRequest,
  KEY_IN_USE_RETRY_AFTER_SECONDS,
  keyedCreate,
  operatorKeys,
  tenantKeys,
} from "../../src/modules/idempotency/service";
import { CreateListBody } from "../../src/modules/lists/schemas";
import { createList } from "../../src/modules/lists/service";
import { createUserKey } from "../../src/modules/users/service";
import { createSubscription } from "../../src/modules/webhooks/service";
import { aml, fraud, type Kind, post } from "../cases/helpers";
import { TEST_ADMIN_TOKEN } from "../constants";
import { caseBody, openCase } from "../fraud/helpers";
import { createTenant, json, shardRows, type TestTenant } from "../harness";

/**
 * A process killed while a keyed request holds its claim (docs/decisions/faults.md#a-kill-while-a-key-is-claimed).
 * workerd cannot be killed from a test: the killed request is its claim, made by the same
 * service code the middleware runs, and then neither finished nor released (nor renewed).
 * The lease is shrunk to 400 ms through IDEMPOTENCY_LEASE_MS.
 */
const LEASE_MS = 400;
const shortLease = { ...env, IDEMPOTENCY_LEASE_MS: String(LEASE_MS) };
const app = buildApp();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cases = async (t: TestTenant) =>
  (await shardRows<{ n: number }>(t, "SELECT count(*) AS n FROM fraud_cases WHERE tenant_id = ?", t.id))[0].n;

/** The request as the middleware identifies it: the tenant's key space of the API key, the body's hash. */
async function claimOf(
  t: TestTenant,
  key: string,
  text: string | Uint8Array,
  path = "/v1/fraud/cases",
  claimEnv: typeof env = shortLease,
): Promise<IdempotentRequest> {
  return {
    env: claimEnv,
    clock: systemClock,
    store: tenantKeys(tenantScope(env, t.shard, t.id), t.keyId),
    sealContext: `idempotency:${t.id}:${t.keyId}:${key}`,
    key,
    requestHash: await fingerprint("POST", path, bytesOf(text)),
  };
}

const bytesOf = (body: string | Uint8Array) =>
  (typeof body === "string" ? new TextEncoder().encode(body) : body.slice()).buffer as ArrayBuffer;

/** The client's resend, through the app with the short lease (as the operator with `token`). */
const resend = (
  t: TestTenant | { key: string },
  key: string,
  body: string | Uint8Array,
  path = "/v1/fraud/cases",
  contentType = "application/json",
) =>
  app.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${t.key}`,
        "content-type": contentType,
        "idempotency-key": key,
      },
      body: bytesOf(body),
    }),
    shortLease,
    { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext,
  );

/**
 * The killed request's context: its claim taken (as the middleware takes it) and handed to the
 * service as `ctx.idempotent`; the test then runs the work and never stores the answer.
 */
async function killedRequest(t: TestTenant, key: string, body: string | Uint8Array, path?: string) {
  const killed = await claimOf(t, key, body, path);
  const started = await begin(killed);
  if (!("claimed" in started)) throw new Error("the first request must claim the key");
  return {
    ...(await loadTenantContext(env, t.id, "killed")),
    idempotent: keyedCreate(killed, started.claimed),
  };
}

/** The same for an operator's request (the bootstrap token's). */
async function killedOperatorRequest(key: string, text: string, path: string): Promise<OperatorContext> {
  const killed: IdempotentRequest = {
    env: shortLease,
    clock: systemClock,
    store: operatorKeys(env, BOOTSTRAP_OPERATOR),
    sealContext: `idempotency:operator:${BOOTSTRAP_OPERATOR}:${key}`,
    key,
    requestHash: await fingerprint("POST", path, bytesOf(text)),
  };
  const started = await begin(killed);
  if (!("claimed" in started)) throw new Error("the first request must claim the key");
  return {
    ...operatorContext(env, { type: "operator", id: BOOTSTRAP_OPERATOR }, "killed"),
    idempotent: keyedCreate(killed, started.claimed),
  };
}

const tenantKeyCount = async (tenantId: string) =>
  (await env.CONTROL_DB.prepare("SELECT count(*) AS n FROM api_keys WHERE tenant_id = ?")
    .bind(tenantId)
    .first<{ n: number }>())!.n;

/** A GET with `key` answers 200: the key shown works. */
const works = async (key: string) =>
  (
    await app.fetch(
      new Request("http://localhost/v1/fraud/cases?limit=1", { headers: { authorization: `Bearer ${key}` } }),
      shortLease,
      { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext,
    )
  ).status;

/** The case's `evidence_added` entries, read through the API. */
async function evidenceEntries(t: TestTenant, kind: Kind, caseId: string) {
  const res = await app.fetch(
    new Request(`http://localhost${kind.base}/${caseId}`, { headers: { authorization: `Bearer ${t.key}` } }),
    shortLease,
    { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext,
  );
  const log = await json<{
    case: { events?: Array<{ eventType: string }>; history?: Array<{ eventType: string }> };
  }>(res);
  return (log.case.events ?? log.case.history ?? []).filter((e) => e.eventType === "evidence_added").length;
}

// The timing of a claim is tested alone; the kills after it each have their own tenant or key, so
// their waits for a lapsed lease overlap.
describe("a kill while a keyed request holds its claim", () => {
  it("blocks the resend with 409 only until the lease lapses; then the work is done once and replayed", async () => {
    const t = await createTenant();
    const key = crypto.randomUUID();
    const text = JSON.stringify(caseBody());
    // The killed request: claimed, killed before its work committed. Its lease is longer than
    // the others' so that the early resend lands inside it on a loaded machine.
    const killedLeaseMs = 2_000;
    const killedEnv = { ...env, IDEMPOTENCY_LEASE_MS: String(killedLeaseMs) };
    expect(await begin(await claimOf(t, key, text, undefined, killedEnv))).toEqual({
      claimed: { createdId: null, createdSecret: null },
    });

    const early = await resend(t, key, text);
    expect(early.status).toBe(409);
    expect(early.headers.get("retry-after")).toBe(String(KEY_IN_USE_RETRY_AFTER_SECONDS));
    expect((await json<{ error: { code: string } }>(early)).error.code).toBe("idempotency_key_in_use");
    expect(await cases(t)).toBe(0);

    await sleep(killedLeaseMs + 100);
    const after = await resend(t, key, text);
    expect(after.status).toBe(201);
    const opened = (await json<{ case: { id: string } }>(after)).case.id;
    expect(await cases(t)).toBe(1);

    const again = await resend(t, key, text);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await json<{ case: { id: string } }>(again)).case.id).toBe(opened);
    expect(await cases(t)).toBe(1);
  });

  it("a live request keeps its claim past the lease by renewing it; once renewals stop it lapses in one lease", async () => {
    const t = await createTenant();
    const key = crypto.randomUUID();
    const text = JSON.stringify(caseBody());
    const running = await claimOf(t, key, text);
    expect(await begin(running)).toEqual({ claimed: { createdId: null, createdSecret: null } });
    const stop = holdClaim(running);
    try {
      // Three leases on, the request still runs: its key is still in use.
      await sleep(3 * LEASE_MS);
      const during = await resend(t, key, text);
      expect(during.status).toBe(409);
      expect(await cases(t)).toBe(0);
    } finally {
      stop(); // the process dies: no renewal, no finish, no release
    }
    await sleep(LEASE_MS + 100);
    const after = await resend(t, key, text);
    expect(after.status).toBe(201);
    expect(await cases(t)).toBe(1);
  });

  it.concurrent("a kill after the create's write and before its answer was stored: the retry answers the same case", async () => {
    const t = await createTenant();
    const key = crypto.randomUUID();
    const text = JSON.stringify(caseBody());
    // The killed request: claimed, its create committed (with the key's record of it, as the
    // middleware arranges), then killed before `finish` stored the answer.
    const ctx = await killedRequest(t, key, text);
    const made = await createCase(ctx, CreateCaseBody.parse(JSON.parse(text)), t.keyId);
    expect(await cases(t)).toBe(1);

    await sleep(LEASE_MS + 100);
    const after = await resend(t, key, text);
    expect(after.status).toBe(201);
    expect(after.headers.get("idempotent-replayed")).toBeNull();
    expect((await json<{ case: { id: string; title: string } }>(after)).case).toMatchObject({
      id: made.id,
      title: made.title,
    });
    expect(await cases(t)).toBe(1);

    const again = await resend(t, key, text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await json<{ case: { id: string } }>(again)).case.id).toBe(made.id);
    expect(await cases(t)).toBe(1);
  });

  it.concurrent("the same for a list: the retry after a lost answer answers the list made, one list", async () => {
    const t = await createTenant();
    const key = crypto.randomUUID();
    const text = JSON.stringify({ name: "Claimed watchlist", kind: "watchlist", entryType: "name" });
    const ctx = await killedRequest(t, key, text, "/v1/lists");
    const made = await createList(ctx, CreateListBody.parse(JSON.parse(text)));
    await sleep(LEASE_MS + 100);
    const after = await resend(t, key, text, "/v1/lists");
    expect(after.status).toBe(201);
    expect((await json<{ list: { listId: string } }>(after)).list.listId).toBe(made.listId);
    const lists = await shardRows<{ n: number }>(
      t,
      "SELECT count(*) AS n FROM lists WHERE tenant_id = ?",
      t.id,
    );
    expect(lists[0].n).toBe(1);
  });

  it.concurrent("and for a webhook subscription: the retry answers the one made, with its secret", async () => {
    const t = await createTenant();
    const key = crypto.randomUUID();
    const path = "/v1/webhooks/subscriptions";
    const text = JSON.stringify({
      url: "https://hooks.example.com/claimed",
      eventTypes: ["*"],
    });
    const ctx = await killedRequest(t, key, text, path);
    const made = await createSubscription(ctx, JSON.parse(text));
    await sleep(LEASE_MS + 100);
    const after = await resend(t, key, text, path);
    expect(after.status, await after.clone().text()).toBe(201);
    const body = await json<{ subscription: { id: string }; secret: string }>(after);
    expect(body.subscription.id).toBe(made.subscription.id);
    expect(body.secret).toBe(made.secret);
    const subs = await shardRows<{ n: number }>(
      t,
      "SELECT count(*) AS n FROM webhook_subscriptions WHERE tenant_id = ?",
      t.id,
    );
    expect(subs[0].n).toBe(1);
  });

  it.concurrent("and for a case note: the retry after a lost answer answers the note appended, one note", async () => {
    const t = await createTenant();
    const c = await openCase(t);
    const path = `/v1/fraud/cases/${c.id}/notes`;
    const events = async () =>
      (
        await shardRows<{ n: number }>(
          t,
          "SELECT count(*) AS n FROM fraud_case_events WHERE tenant_id = ? AND case_id = ?",
          t.id,
          c.id,
        )
      )[0].n;
    const key = crypto.randomUUID();
    const text = JSON.stringify({ content: "Called the customer back", actorId: "ama" });
    const ctx = await killedRequest(t, key, text, path);
    const note = { content: "Called the customer back", noteType: "review", actorId: "ama" };
    const made = await addNote(ctx, c.id, { ...note, actorType: "user", actorKeyId: t.keyId });
    expect(await events()).toBe(2); // created, note_added

    await sleep(LEASE_MS + 100);
    const after = await resend(t, key, text, path);
    expect(after.status).toBe(201);
    expect((await json<{ event: { id: string; noteContent: string } }>(after)).event).toMatchObject({
      id: made.id,
      noteContent: note.content,
    });
    expect(await events()).toBe(2);
    const again = await resend(t, key, text, path);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await json<{ event: { id: string } }>(again)).event.id).toBe(made.id);
    expect(await events()).toBe(2);
  });

  it.concurrent("and for an AML case note: the retry answers the entry appended, one entry", async () => {
    const t = await createTenant();
    const c = await aml.open(t);
    const path = `/v1/kyc-aml/cases/${c.id}/notes`;
    const entries = async () =>
      (
        await shardRows<{ n: number }>(
          t,
          "SELECT count(*) AS n FROM aml_case_history WHERE tenant_id = ? AND case_id = ?",
          t.id,
          c.id,
        )
      )[0].n;
    const before = await entries();
    const key = crypto.randomUUID();
    const text = JSON.stringify({ content: "Asked the branch for the deposit slips", actorId: "ana" });
    const ctx = await killedRequest(t, key, text, path);
    const made = await addAmlNote(ctx, c.id, {
      content: "Asked the branch for the deposit slips",
      actorId: "ana",
      actorKeyId: t.keyId,
    });
    expect(await entries()).toBe(before + 1);

    await sleep(LEASE_MS + 100);
    const after = await resend(t, key, text, path);
    expect(after.status).toBe(200);
    const events = (await json<{ events: Array<{ id: string }> }>(after)).events;
    expect(events.map((e) => e.id)).toEqual([made.event.id]);
    expect(await entries()).toBe(before + 1);
  });

  it.concurrent("and for an operator's API key: the retry answers the key made, with its secret, one key", async () => {
    const t = await createTenant();
    const before = await tenantKeyCount(t.id);
    const path = `/admin/tenants/${t.id}/keys`;
    const key = crypto.randomUUID();
    const text = JSON.stringify({ name: "claimed key", scopes: ["fraud:read"] });
    const made = await createKey(await killedOperatorRequest(key, text, path), t.id, JSON.parse(text));
    expect(await tenantKeyCount(t.id)).toBe(before + 1);

    await sleep(LEASE_MS + 100);
    const after = await resend({ key: TEST_ADMIN_TOKEN }, key, text, path);
    expect(after.status, await after.clone().text()).toBe(201);
    expect(after.headers.get("idempotent-replayed")).toBeNull();
    expect((await json<{ apiKey: typeof made }>(after)).apiKey).toEqual(made);
    expect(await tenantKeyCount(t.id)).toBe(before + 1);
    expect(await works(made.key)).toBe(200);
    const again = await resend({ key: TEST_ADMIN_TOKEN }, key, text, path);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await json<{ apiKey: typeof made }>(again)).apiKey.key).toBe(made.key);
  });

  it.concurrent("and for a tenant with its first key: the retry answers the same tenant and key, one tenant", async () => {
    const path = "/admin/tenants";
    const name = `claimed tenant ${crypto.randomUUID().slice(0, 8)}`;
    const key = crypto.randomUUID();
    const text = JSON.stringify({ name });
    const made = await createTenantAsOperator(await killedOperatorRequest(key, text, path), JSON.parse(text));
    const named = async () =>
      (await env.CONTROL_DB.prepare("SELECT count(*) AS n FROM tenants WHERE name = ?")
        .bind(name)
        .first<{ n: number }>())!.n;
    expect(await named()).toBe(1);

    await sleep(LEASE_MS + 100);
    const after = await resend({ key: TEST_ADMIN_TOKEN }, key, text, path);
    expect(after.status, await after.clone().text()).toBe(201);
    expect(after.headers.get("idempotent-replayed")).toBeNull();
    const answered = await json<typeof made>(after);
    expect(answered.tenant.id).toBe(made.tenant.id);
    expect(answered.apiKey).toEqual(made.apiKey);
    expect(await named()).toBe(1);
    expect(await tenantKeyCount(made.tenant.id)).toBe(1);
    expect(await works(made.apiKey.key)).toBe(200);
    const again = await resend({ key: TEST_ADMIN_TOKEN }, key, text, path);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await json<typeof made>(again)).apiKey.key).toBe(made.apiKey.key);
    expect(await named()).toBe(1);
  });

  it.concurrent("and for an operator token: the retry answers the token made, with its secret, one token", async () => {
    const path = "/admin/operator-tokens";
    const name = `claimed token ${crypto.randomUUID().slice(0, 8)}`;
    const key = crypto.randomUUID();
    const text = JSON.stringify({ name });
    const grant = { scopes: OPERATOR_SCOPES, expiresAt: null };
    const made = await createOperatorToken(await killedOperatorRequest(key, text, path), grant, { name });
    const tokens = async () =>
      (await env.CONTROL_DB.prepare("SELECT count(*) AS n FROM operator_tokens WHERE name = ?")
        .bind(name)
        .first<{ n: number }>())!.n;
    await sleep(LEASE_MS + 100);
    const after = await resend({ key: TEST_ADMIN_TOKEN }, key, text, path);
    expect(after.status, await after.clone().text()).toBe(201);
    const { operatorToken } = await json<{ operatorToken: { id: string; token: string } }>(after);
    expect(operatorToken).toMatchObject({ id: made.id, token: made.token });
    expect(await tokens()).toBe(1);
    const listed = await app.fetch(
      new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${made.token}` } }),
      shortLease,
      { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext,
    );
    expect(listed.status).toBe(200);
  });

  it.concurrent("and for a user's key, killed after the key was written or before: one key, one entry", async () => {
    const t = await createTenant();
    const res = await post(t, "/v1/users", { name: "Kofi", email: "kofi@bank.example", roles: ["analyst"] });
    const { user } = await json<{ user: { id: string } }>(res);
    const path = `/v1/users/${user.id}/keys`;
    const entries = async () =>
      (
        await shardRows<{ n: number }>(
          t,
          "SELECT count(*) AS n FROM tenant_audit_log WHERE tenant_id = ? AND action = 'user.key_created'",
          t.id,
        )
      )[0].n;
    const held = ["*" as const];
    const before = await tenantKeyCount(t.id);

    // Killed after the key was written.
    const key = crypto.randomUUID();
    const text = JSON.stringify({ name: "Kofi's key" });
    const made = await createUserKey(
      await killedRequest(t, key, text, path),
      held,
      user.id,
      JSON.parse(text),
    );
    await sleep(LEASE_MS + 100);
    const after = await resend(t, key, text, path);
    expect(after.status, await after.clone().text()).toBe(201);
    expect((await json<{ apiKey: typeof made }>(after)).apiKey).toEqual(made);
    expect(await tenantKeyCount(t.id)).toBe(before + 1);
    expect(await entries()).toBe(1);

    // Killed between the entry (with the key's record) and the key's write: the control
    // database refuses the insert of the key, as if the process died before it.
    const refusing = new Proxy(env.CONTROL_DB, {
      get(target, prop) {
        if (prop !== "prepare") return Reflect.get(target, prop).bind(target);
        return (query: string) => {
          if (/^insert into "api_keys"/i.test(query)) throw new Error("killed");
          return target.prepare(query);
        };
      },
    });
    const key2 = crypto.randomUUID();
    const text2 = JSON.stringify({ name: "Kofi's second key" });
    const ctx = await killedRequest(t, key2, text2, path);
    await expect(
      createUserKey({ ...ctx, env: { ...ctx.env, CONTROL_DB: refusing } }, held, user.id, JSON.parse(text2)),
    ).rejects.toThrow("killed");
    expect(await tenantKeyCount(t.id)).toBe(before + 1);
    await sleep(LEASE_MS + 100);
    const retried = await resend(t, key2, text2, path);
    expect(retried.status, await retried.clone().text()).toBe(201);
    const second = (await json<{ apiKey: { id: string; key: string } }>(retried)).apiKey;
    expect(await tenantKeyCount(t.id)).toBe(before + 2);
    expect(await entries()).toBe(2);
    expect(await works(second.key)).toBe(200);
  });

  it.concurrent.each([fraud, aml])(
    "and for a $name case file: one object, one row, one entry after the retry",
    async (kind: Kind) => {
      const t = await createTenant();
      const c = await kind.open(t);
      const path = `${kind.base}/${c.id}/files?filename=slip.pdf&actorId=ana`;
      const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x01]);
      const key = crypto.randomUUID();
      const ctx = await killedRequest(t, key, bytes, path);
      const made = await uploadFile(ctx, kind.name as "fraud" | "aml", c.id, {
        bytes: bytes.slice().buffer,
        contentType: "application/pdf",
        filename: "slip.pdf",
        actorId: "ana",
        actorKeyId: t.keyId,
      });
      await sleep(LEASE_MS + 100);
      const after = await resend(t, key, bytes, path, "application/pdf");
      expect(after.status, await after.clone().text()).toBe(201);
      expect((await json<{ file: { id: string } }>(after)).file.id).toBe(made.id);
      const rows = await shardRows<{ n: number }>(
        t,
        "SELECT count(*) AS n FROM case_files WHERE case_id = ?",
        c.id,
      );
      expect(rows[0].n).toBe(1);
      const objects = await env.FILES.list({ prefix: `tenants/${t.id}/case-files/${kind.name}/${c.id}/` });
      expect(objects.objects.map((o) => o.key)).toEqual(
        [made.id].map((id) => `tenants/${t.id}/case-files/${kind.name}/${c.id}/${id}`),
      );
      expect(await evidenceEntries(t, kind, c.id)).toBe(1);
    },
  );

  it.concurrent("a fraud file killed between its row and its event: the resend appends the event once", async () => {
    const t = await createTenant();
    const c = await fraud.open(t);
    const path = `${fraud.base}/${c.id}/files?filename=slip.pdf&actorId=ana`;
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x02]);
    const key = crypto.randomUUID();
    // The killed attempt put the object and wrote the row under the file's stable id, then died
    // before the case object appended its event.
    const ctx = await killedRequest(t, key, bytes, path);
    const id = await ctx.idempotent!.stableId(`case_file:fraud:${c.id}`);
    const objectKey = fileObjectKey(t.id, "fraud", c.id, id);
    await env.FILES.put(objectKey, bytes);
    await insertFile(ctx, {
      id,
      caseKind: "fraud",
      caseId: c.id,
      objectKey,
      filename: "slip.pdf",
      contentType: "application/pdf",
      sizeBytes: bytes.length,
      sha256: "0".repeat(64),
      description: null,
      uploadedBy: "ana",
      actorKeyId: t.keyId,
      createdAt: new Date().toISOString(),
    });
    expect(await evidenceEntries(t, fraud, c.id)).toBe(0);
    await sleep(LEASE_MS + 100);
    const after = await resend(t, key, bytes, path, "application/pdf");
    expect(after.status, await after.clone().text()).toBe(201);
    expect((await json<{ file: { id: string } }>(after)).file.id).toBe(id);
    expect(await evidenceEntries(t, fraud, c.id)).toBe(1);
    const rows = await shardRows<{ n: number }>(
      t,
      "SELECT count(*) AS n FROM case_files WHERE case_id = ?",
      c.id,
    );
    expect(rows[0].n).toBe(1);
  });
});
