import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadTenantContext, type TenantContext, withD1Wrapper } from "../../src/db/tenant-context";
import { fixedClock } from "../../src/lib/clock";
import { ingestRecords, TRANSACTIONS_PER_WRITE } from "../../src/modules/ingest/service";
import { LEASE_MS } from "../../src/modules/monitoring/domain/drain";
import { screenEntity } from "../../src/modules/monitoring/screening/service";
import { drainPending } from "../../src/modules/monitoring/service";
import { consumeDelivery } from "../../src/modules/webhooks/delivery/service";
import { ago, customerWith } from "../aml/helpers";
import { type EventJson, note, openCase } from "../fraud/helpers";
import { call, createTenant, json, shardRows } from "../harness";
import { account, customer, transaction } from "../ingest/helpers";
import { alerts, pending, quietTenant, screenings } from "../monitoring/helpers";
import {
  contextFor,
  insertDelivery,
  manualClock,
  received,
  receiverUrl,
  subscribe,
} from "../webhooks/helpers";

/**
 * Faults injected into real bindings (docs/decisions/faults.md#faults-in-workerd): a wrapper
 * around the tenant's D1 binding, passed in the test; no stand-in in product code.
 */

/** The SQL text of a prepared statement (workerd's D1PreparedStatement keeps it as `statement`). */
const sqlOf = (s: D1PreparedStatement) => (s as unknown as { statement?: string }).statement ?? "";

/** The context with its D1 batches passed through `batch` (which may change or refuse them). */
function faulty(
  ctx: TenantContext,
  batch: (target: D1Database, statements: D1PreparedStatement[]) => Promise<D1Result[]>,
): TenantContext {
  return withD1Wrapper(
    ctx,
    (d1) =>
      new Proxy(d1, {
        get(target, prop) {
          if (prop === "batch") return (statements: D1PreparedStatement[]) => batch(target, statements);
          const value = Reflect.get(target, prop);
          return typeof value === "function" ? value.bind(target) : value;
        },
      }),
  );
}

const count = async (t: { id: string }, table: string) =>
  (
    await shardRows<{ n: number }>(t as never, `SELECT count(*) AS n FROM ${table} WHERE tenant_id = ?`, t.id)
  )[0].n;

describe("faults injected into real bindings", () => {
  it("a D1 error mid-batch leaves nothing of the ingest written; the retry writes it whole", async () => {
    const t = await createTenant({
      name: "Fault: D1 mid-batch",
      settings: { monitoring: { onArrival: false } },
    });
    await call("POST", "/v1/ingest/customers", { key: t.key, body: [customer(1)] });
    await call("POST", "/v1/ingest/accounts", { key: t.key, body: [account(1, "C-1")] });
    const records = Array.from({ length: 40 }, (_, i) => transaction(i, "A-1"));
    const ctx = await loadTenantContext(env, t.id, "test");
    let injected = 0;
    // The upsert's batch gets a statement D1 refuses after its first (the rows already inserted).
    const broken = faulty(ctx, (target, statements) => {
      if (!sqlOf(statements[0]).startsWith("INSERT INTO transactions")) return target.batch(statements);
      injected++;
      const refused = target.prepare("SELECT * FROM fault_injected_no_such_table");
      return target.batch([statements[0], refused, ...statements.slice(1)]);
    });
    await expect(ingestRecords(broken, "transactions", records)).rejects.toThrow(/no such table/);
    expect(injected).toBe(1);
    expect(await count(t, "transactions")).toBe(0);
    expect(await count(t, "monitoring_pending")).toBe(0);
    const retried = await ingestRecords(ctx, "transactions", records);
    expect(retried).toMatchObject({ recordsWritten: 40, recordsChanged: 40, errors: [] });
    expect(await count(t, "transactions")).toBe(40);
    // Their customer and account, queued once each by the triggers.
    expect(await count(t, "monitoring_pending")).toBe(2);
  });

  it("a D1 error in a later write of a large ingest keeps the earlier slices whole; the retry writes the rest", async () => {
    const t = await createTenant({
      name: "Fault: D1 second write",
      settings: { monitoring: { onArrival: false } },
    });
    await call("POST", "/v1/ingest/customers", { key: t.key, body: [customer(1)] });
    await call("POST", "/v1/ingest/accounts", { key: t.key, body: [account(1, "C-1")] });
    const total = 2 * TRANSACTIONS_PER_WRITE + 50;
    const records = Array.from({ length: total }, (_, i) => transaction(i, "A-1"));
    const ctx = await loadTenantContext(env, t.id, "test");
    let writes = 0;
    // The second write's batch is refused after its first statement: that write is undone whole.
    const broken = faulty(ctx, (target, statements) => {
      if (!sqlOf(statements[0]).startsWith("INSERT INTO transactions")) return target.batch(statements);
      writes++;
      if (writes !== 2) return target.batch(statements);
      const refused = target.prepare("SELECT * FROM fault_injected_no_such_table");
      return target.batch([statements[0], refused, ...statements.slice(1)]);
    });
    await expect(ingestRecords(broken, "transactions", records)).rejects.toThrow(/no such table/);
    expect(await count(t, "transactions")).toBe(TRANSACTIONS_PER_WRITE);
    const retried = await ingestRecords(ctx, "transactions", records);
    expect(retried).toMatchObject({
      recordsWritten: total,
      recordsChanged: total - TRANSACTIONS_PER_WRITE,
      errors: [],
    });
    expect(await count(t, "transactions")).toBe(total);
  });

  it("a screener that dies mid-page is retried after its lease: each entity once, one alert, none missed", async () => {
    const t = await quietTenant("Fault: screener dies mid-page");
    // Large cash: an AML hit (AML-LCT-001) for each customer and its account.
    const hits = [];
    for (let i = 0; i < 3; i++)
      hits.push(
        await customerWith(t, [{ amountMinor: 6_000_000 + i, transactionDate: ago(2), channel: "cash" }]),
      );
    const queued = (await pending(t)).map((p) => p.entity_id).sort();
    expect(queued).toEqual(expect.arrayContaining(hits.flatMap((h) => [h.customerId, h.accountId])));
    const base = await loadTenantContext(env, t.id, "test");
    const start = Date.now();
    const at = (ms: number): TenantContext => ({
      ...base,
      clock: fixedClock(new Date(start + ms).toISOString()),
    });
    // The isolate goes away when the page's outcomes are stored: after its cases were opened,
    // before its alerts and screenings were written; from then on every D1 call fails.
    let dead = false;
    const dying = withD1Wrapper(
      at(0),
      (d1) =>
        new Proxy(d1, {
          get(target, prop) {
            if (dead) throw new Error("D1_ERROR: the isolate went away (injected)");
            if (prop === "batch")
              return (statements: D1PreparedStatement[]) => {
                if (!statements.some((s) => sqlOf(s).includes("monitoring_alerts")))
                  return target.batch(statements);
                dead = true;
                return Promise.reject(new Error("D1_ERROR: the isolate went away (injected)"));
              };
            const value = Reflect.get(target, prop);
            return typeof value === "function" ? value.bind(target) : value;
          },
        }),
    );
    // The job throws: the queue would retry its message.
    await expect(drainPending(dying, { trigger: "arrival", runId: null })).rejects.toThrow(/injected/);
    expect(dead).toBe(true);
    for (const id of queued) expect(await alerts(t, id)).toEqual([]);
    const opened = await count(t, "aml_cases");
    expect(opened).toBeGreaterThan(0);
    // A retry within the claim's lease finds nothing to claim: no second screening under way.
    expect((await drainPending(at(1_000), { trigger: "arrival", runId: null })).screened).toBe(0);
    // After the lease the retry screens every entity once.
    const after = await drainPending(at(LEASE_MS + 1_000), { trigger: "arrival", runId: null });
    expect(after).toMatchObject({ screened: queued.length, failed: 0 });
    expect(await pending(t)).toEqual([]);
    for (const id of queued) {
      expect(
        (await screenings(t, id)).map((s) => s.screenings),
        id,
      ).toEqual([1]);
      const kinds = (await alerts(t, id)).map((a) => a.kind);
      expect(new Set(kinds).size, id).toBe(kinds.length);
    }
    for (const h of hits)
      expect((await alerts(t, h.customerId)).filter((a) => a.kind === "aml")).toHaveLength(1);
    // The cases the dead attempt opened were found again, not opened twice.
    expect(await count(t, "aml_cases")).toBe(opened);
  });

  it("a page that works past its lease keeps its rows (renewed); a second screener claims none of them", async () => {
    const t = await quietTenant("Fault: page past its lease");
    await customerWith(t, [{ amountMinor: 6_100_000, transactionDate: ago(2), channel: "cash" }]);
    const queued = (await pending(t)).length;
    expect(queued).toBeGreaterThan(0);
    const ctx = await loadTenantContext(env, t.id, "test");
    const lease = 300;
    let second: Awaited<ReturnType<typeof drainPending>> | undefined;
    // The first entity's screening takes three leases; meanwhile another screener tries.
    const slow: typeof screenEntity = async (c, entity, options, pre) => {
      if (!second) {
        await new Promise((r) => setTimeout(r, 3 * lease));
        second = await drainPending(ctx, { trigger: "arrival", runId: null, settle: null, leaseMs: lease });
      }
      return screenEntity(c, entity, options, pre);
    };
    const first = await drainPending(ctx, {
      trigger: "arrival",
      runId: null,
      settle: null,
      leaseMs: lease,
      screen: slow,
    });
    expect(second?.screened).toBe(0);
    expect(first).toMatchObject({ screened: queued, failed: 0 });
    expect(await pending(t)).toEqual([]);
  });

  it("a receiver down then up gets every event once it is up, each answered once", async () => {
    const t = await createTenant({ name: "Fault: receiver down" });
    const url = receiverUrl("down/3");
    const { subscription } = await subscribe(t, url);
    const clock = manualClock();
    const ctx = await contextFor(t, clock);
    const deliveries = [];
    for (let i = 0; i < 3; i++) deliveries.push(await insertDelivery(ctx, subscription.id));
    // Down: every first attempt loses its connection.
    for (const d of deliveries)
      expect(await consumeDelivery(ctx, d.id, 1)).toMatchObject({ kind: "attempted", status: "retrying" });
    clock.advance(61);
    // Up: every second attempt is answered; the same messages again (at-least-once) send nothing.
    for (const d of deliveries)
      expect(await consumeDelivery(ctx, d.id, 2)).toMatchObject({ kind: "attempted", status: "succeeded" });
    for (const d of deliveries)
      expect(await consumeDelivery(ctx, d.id, 2)).toMatchObject({ kind: "skipped" });
    const reqs = await received(url);
    expect(reqs).toHaveLength(6);
    for (const d of deliveries) {
      expect(reqs.filter((r) => r.headers["webhook-id"] === d.eventId)).toHaveLength(2);
      const got = await json<{
        delivery: { status: string; attempts: Array<{ responseStatus: number | null }> };
      }>(await call("GET", `/v1/webhooks/deliveries/${d.id}`, { key: t.key }));
      expect(got.delivery.status).toBe("succeeded");
      expect(got.delivery.attempts.map((a) => a.responseStatus)).toEqual([null, 200]);
    }
  });

  it("a case object reset mid-append leaves no gap and no repeated sequence; retried appends land", async () => {
    const t = await createTenant({ name: "Fault: case object reset", shard: 1 });
    const c = await openCase(t);
    const stub = env.FRAUD_CASE.get(env.FRAUD_CASE.idFromName(c.id));
    const N = 40;
    const failures: number[] = [];
    // An at-least-once client: each note under its own Idempotency-Key, sent again until 201.
    const client = async (i: number) => {
      for (let attempt = 0; attempt < 10; attempt++) {
        const res = await call("POST", `/v1/fraud/cases/${c.id}/events`, {
          key: t.key,
          body: note(`actor-${i}`, `note ${i}`),
          headers: { "idempotency-key": `reset-${i}-${c.id}` },
        });
        if (res.status === 201) return;
        failures.push(res.status);
        await res.arrayBuffer();
      }
      throw new Error(`note ${i} never appended`);
    };
    // The object is reset while appends wait in it or a group commit is in flight. A burst can
    // drain before the probe catches one waiting: another burst then, until a reset cut one off.
    type Held = { head: { lastSequence: number } | null; waiting: unknown[]; draining: boolean };
    let sent = 0;
    for (let round = 0; round < 5 && failures.length === 0; round++) {
      let settled = false;
      const burst = Promise.all(Array.from({ length: N }, (_, i) => client(sent + i))).finally(() => {
        settled = true;
      });
      sent += N;
      let reset: { at: number; waiting: number } | null = null;
      while (!reset && !settled) {
        reset = await runInDurableObject(stub, (object, state) => {
          const held = object as unknown as Held;
          const at = held.head?.lastSequence ?? 0;
          if (!held.draining && held.waiting.length === 0) return null;
          state.abort("reset injected by the test");
          return { at, waiting: held.waiting.length };
        }).catch(() => ({ at: -1, waiting: -1 }));
      }
      await burst;
    }
    // The appends the reset cut off answered 503 with Retry-After (an at-least-once client retries).
    expect(failures.length).toBeGreaterThan(0);
    expect(new Set(failures)).toEqual(new Set([503]));
    const events = await json<{ data: EventJson[]; total: number }>(
      await call("GET", `/v1/fraud/cases/${c.id}/events?limit=500`, { key: t.key }),
    );
    const sequences = events.data.map((e) => e.eventSequence);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1));
    const notes = events.data.flatMap((e) => (e.noteContent ? [e.noteContent] : []));
    for (let i = 0; i < sent; i++) expect(notes, `note ${i}`).toContain(`note ${i}`);
    const verify = await json<{ valid: boolean }>(
      await call("GET", `/v1/fraud/cases/${c.id}/verify`, { key: t.key }),
    );
    expect(verify.valid).toBe(true);
  });
});
