import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { loadTenantContext, tenantScope } from "../../src/db/tenant-context";
import { systemClock } from "../../src/lib/clock";
import { addNote as addAmlNote } from "../../src/modules/aml/casework/service";
import { CreateCaseBody } from "../../src/modules/fraud/cases/schemas";
import { addNote, createCase } from "../../src/modules/fraud/service";
import {
  begin,
  fingerprint,
  holdClaim,
  type IdempotentRequest,
  KEY_IN_USE_RETRY_AFTER_SECONDS,
  keyedCreate,
  tenantKeys,
} from "../../src/modules/idempotency/service";
import { CreateListBody } from "../../src/modules/lists/schemas";
import { createList } from "../../src/modules/lists/service";
import { createSubscription } from "../../src/modules/webhooks/service";
import { aml } from "../cases/helpers";
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
  text: string,
  path = "/v1/fraud/cases",
): Promise<IdempotentRequest> {
  return {
    env: shortLease,
    clock: systemClock,
    store: tenantKeys(tenantScope(env, t.shard, t.id), t.keyId),
    sealContext: `idempotency:${t.id}:${t.keyId}:${key}`,
    key,
    requestHash: await fingerprint("POST", path, new TextEncoder().encode(text).buffer as ArrayBuffer),
  };
}

/** The client's resend, through the app with the short lease. */
const resend = (t: TestTenant, key: string, text: string, path = "/v1/fraud/cases") =>
  app.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${t.key}`,
        "content-type": "application/json",
        "idempotency-key": key,
      },
      body: text,
    }),
    shortLease,
    { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext,
  );

/**
 * The killed request's context: its claim taken (as the middleware takes it) and handed to the
 * service as `ctx.idempotent`; the test then runs the work and never stores the answer.
 */
async function killedRequest(t: TestTenant, key: string, text: string, path?: string) {
  const killed = await claimOf(t, key, text, path);
  const started = await begin(killed);
  if (!("claimed" in started)) throw new Error("the first request must claim the key");
  return {
    ...(await loadTenantContext(env, t.id, "killed")),
    idempotent: keyedCreate(killed, started.claimed) ?? undefined,
  };
}

describe("a kill while a keyed request holds its claim", () => {
  it("blocks the resend with 409 only until the lease lapses; then the work is done once and replayed", async () => {
    const t = await createTenant();
    const key = crypto.randomUUID();
    const text = JSON.stringify(caseBody());
    // The killed request: claimed, killed before its work committed.
    expect(await begin(await claimOf(t, key, text))).toEqual({ claimed: { createdId: null } });

    const early = await resend(t, key, text);
    expect(early.status).toBe(409);
    expect(early.headers.get("retry-after")).toBe(String(KEY_IN_USE_RETRY_AFTER_SECONDS));
    expect((await json<{ error: { code: string } }>(early)).error.code).toBe("idempotency_key_in_use");
    expect(await cases(t)).toBe(0);

    await sleep(LEASE_MS + 100);
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
    expect(await begin(running)).toEqual({ claimed: { createdId: null } });
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

  it("a kill after the create's write and before its answer was stored: the retry answers the same case", async () => {
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

  it("the same for a list: the retry after a lost answer answers the list made, one list", async () => {
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

  it("and for a webhook subscription: the retry answers the one made, with its secret", async () => {
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

  it("and for a case note: the retry after a lost answer answers the note appended, one note", async () => {
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

  it("and for an AML case note: the retry answers the entry appended, one entry", async () => {
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
});
