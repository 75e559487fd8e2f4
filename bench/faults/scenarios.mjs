// The scenarios of bench/faults.mjs (issue 36 item 3). Each has its own tenant and client:
//   setup(ctx)    creates what it needs before the load;
//   load(ctx)     the work the kill lands in, sent by the at-least-once client; it goes on after
//                 the restart (ctx.restarted) until a few more requests were answered;
//   midWork(ctx)  true once the work is under way (the kill waits for every scenario's);
//   settle(ctx)   waits until its queues drain and answers { lost, doubled, drained, chains,
//                 deadLetters, note }.
// ctx: { svc, admin (the operator's client), state: {} of the scenario, restarted: bool }.
import { startReceiver } from "../lib/receiver.mjs";
import { AtLeastOnceClient } from "./client.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const DRAIN_LIMIT_MS = 12 * 60_000;

/** Polls `check` every 2 s until it answers true or `limit` passes; answers whether it did. */
async function until(check, limit = DRAIN_LIMIT_MS) {
  const end = Date.now() + limit;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(2000);
  }
  return false;
}

async function newTenant(ctx, name, { shard = 0, onArrival = false, accounts = 0, source = "f" } = {}) {
  const created = await ctx.admin.must(ctx.svc.adminToken, "POST", "/admin/tenants", {
    name: `faults bench: ${name}`,
    shard,
    settings: { monitoring: { onArrival } },
  });
  const t = { id: created.tenant.id, key: created.apiKey.key, client: new AtLeastOnceClient(ctx.svc.url) };
  if (accounts > 0) {
    const customers = Array.from({ length: accounts }, (_, i) => ({
      externalId: `C${i}`,
      externalSource: source,
      name: `Business ${i}`,
    }));
    await t.client.must(t.key, "POST", "/v1/ingest/customers", customers);
    await t.client.must(
      t.key,
      "POST",
      "/v1/ingest/accounts",
      customers.map((c, i) => ({
        externalId: `A${i}`,
        externalSource: source,
        customerExternalId: c.externalId,
        currency: "GHS",
        currentBalance: "100.00",
      })),
    );
  }
  return t;
}

/**
 * Batch `b` of `size` transactions dated within the last 29 days (the screening windows), 1 % of
 * them large cash deposits so that rules fire and cases open; `ownAccounts` gives each batch
 * accounts (and counterparties) of its own, so an entity's transactions arrive in one request.
 */
const NOW = Date.now();
const batch = (b, size, accounts, ownAccounts, source = "f") =>
  Array.from({ length: size }, (_, i) => {
    const account = ownAccounts ? (b * 20 + (i % 20)) % accounts : i % accounts;
    const large = i % 100 === 0;
    return {
      externalId: `T${b}-${i}`,
      externalSource: source,
      accountExternalId: `A${account}`,
      type: large || i % 3 ? "credit" : "debit",
      amount: large ? "60000.00" : `${(i % 5000) + 1}.00`,
      currency: "GHS",
      transactionDate: new Date(
        NOW - (((b * size + i) * 7919) % (29 * 86_400)) * 1000 - 60_000,
      ).toISOString(),
      channel: large || i % 2 ? "cash" : "mobile_money",
      counterpartyName: ownAccounts ? `Counterparty ${b}-${i % 5}` : `Counterparty ${i % 40}`,
    };
  });

const total = async (t, path) =>
  ((body) => body.pagination?.total ?? body.total)(
    await t.client.must(t.key, "GET", `${path}${path.includes("?") ? "&" : "?"}limit=1`),
  );

const auditChain = async (ctx, t) =>
  (await ctx.admin.must(ctx.svc.adminToken, "GET", `/admin/audit-log/verify?tenantId=${t.id}`)).valid;

const monitoringStatus = async (t) => (await t.client.must(t.key, "GET", "/v1/monitoring/status")).status;

/** Alerts of one kind for one entity beyond the first: a screening done twice into two alerts. */
async function doubledAlerts(t) {
  const seen = new Map();
  let cursor = "";
  for (;;) {
    const page = await t.client.must(t.key, "GET", `/v1/monitoring/alerts?limit=200${cursor}`);
    for (const a of page.data) {
      const k = `${a.kind}|${a.entityType}|${a.entityId}`;
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    if (!page.pagination.nextCursor) break;
    cursor = `&cursor=${encodeURIComponent(page.pagination.nextCursor)}`;
  }
  return {
    alerts: [...seen.values()].reduce((a, b) => a + b, 0),
    doubled: [...seen.values()].reduce((a, n) => a + n - 1, 0),
  };
}

/** Dead-lettered entities of the tenant, each with its last error (the explanation). */
async function deadLetters(t) {
  const page = await t.client.must(t.key, "GET", "/v1/monitoring/dead-letters?limit=100");
  return page.data.map((d) => `${d.entityType} ${d.entityId}: ${d.lastError}`);
}

/** Sends numbered units with `workers` in parallel until the restart, then `after` more. */
async function keepSending(ctx, workers, after, sendOne) {
  let next = 0;
  let afterRestart = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!ctx.restarted || afterRestart < after) {
        const n = next++;
        const sentAfter = ctx.restarted;
        await sendOne(n);
        if (sentAfter) afterRestart++;
      }
    }),
  );
  return next;
}

const SIZE = 500;

const caseBody = (entity) => ({
  alertId: crypto.randomUUID(),
  entityType: "merchant",
  entityId: entity,
  severity: "high",
  overallScore: 70,
});

/** Webhook deliveries that ended dead, each with its last error. */
async function deadDeliveries(t) {
  const page = await t.client.must(t.key, "GET", "/v1/webhooks/deliveries?status=dead&limit=100");
  return page.data.map((d) => `delivery ${d.id} (${d.eventType}): ${d.lastError ?? d.lastResponseStatus}`);
}

export const scenarios = {
  ingest: {
    about: "ingest: batches of 500 transactions, Idempotency-Key each, 2 at a time",
    async setup(ctx) {
      ctx.state = { t: await newTenant(ctx, "ingest", { accounts: 200 }), acked: 0, inFlight: new Set() };
    },
    async load(ctx) {
      const s = ctx.state;
      s.sent = await keepSending(ctx, 2, 4, async (b) => {
        const since = { at: Date.now() };
        s.inFlight.add(since);
        await s.t.client.must(s.t.key, "POST", "/v1/ingest/transactions", batch(b, SIZE, 200, false), {
          idempotencyKey: `ingest-${b}`,
        });
        s.inFlight.delete(since);
        s.acked++;
      });
    },
    midWork: ({ state: s }) => s.acked >= 4 && [...s.inFlight].some((r) => Date.now() - r.at >= 100),
    async settle(ctx) {
      const s = ctx.state;
      const stored = await total(s.t, "/v1/transactions");
      const expected = s.acked * SIZE;
      return {
        lost: Math.max(0, expected - stored),
        doubled: Math.max(0, stored - expected),
        drained: "-",
        chains: (await auditChain(ctx, s.t)) ? "audit valid" : "AUDIT BROKEN",
        deadLetters: [],
        note: `${s.acked} batches, ${stored} transactions`,
      };
    },
  },

  arrival: {
    about: "screening on arrival: 8 batches of 500 into a tenant screened on arrival",
    async setup(ctx) {
      ctx.state = {
        t: await newTenant(ctx, "arrival", { onArrival: true, accounts: 160 }),
        acked: 0,
        claimedSeen: false,
      };
    },
    async load(ctx) {
      const s = ctx.state;
      await Promise.all(
        [0, 1].map(async (w) => {
          for (let b = w; b < 8; b += 2) {
            await s.t.client.must(s.t.key, "POST", "/v1/ingest/transactions", batch(b, SIZE, 160, true), {
              idempotencyKey: `arrival-${b}`,
            });
            s.acked++;
          }
        }),
      );
      // A status read after the restart: the time to recover of this scenario's client.
      while (!ctx.restarted) await sleep(500);
      await monitoringStatus(s.t);
    },
    async midWork({ state: s }) {
      if (s.acked < 2) return false;
      const st = await monitoringStatus(s.t);
      return st.claimed > 0 || st.pending > 0;
    },
    async settle(ctx) {
      const s = ctx.state;
      const started = Date.now();
      const drained = await until(async () => {
        const st = await monitoringStatus(s.t);
        return st.pending === 0 && st.claimed === 0;
      });
      const st = await monitoringStatus(s.t);
      const { alerts, doubled } = await doubledAlerts(s.t);
      return {
        lost: st.pending + st.claimed,
        doubled,
        drained: drained ? `yes, ${((Date.now() - started) / 1000).toFixed(0)} s after settle` : "NO",
        chains: (await auditChain(ctx, s.t)) ? "audit valid" : "AUDIT BROKEN",
        deadLetters: await deadLetters(s.t),
        note: `${alerts} alerts, ${await total(s.t, "/v1/transactions")} transactions`,
      };
    },
  },

  portfolio: {
    about: "a portfolio run over 3,000 transactions of 150 accounts",
    async setup(ctx) {
      const t = await newTenant(ctx, "portfolio", { accounts: 150 });
      for (let b = 0; b < 6; b++)
        await t.client.must(t.key, "POST", "/v1/ingest/transactions", batch(b, SIZE, 150, true), {
          idempotencyKey: `portfolio-${b}`,
        });
      ctx.state = { t };
    },
    async load(ctx) {
      const s = ctx.state;
      const started = await s.t.client.must(
        s.t.key,
        "POST",
        "/v1/monitoring/runs",
        {},
        { idempotencyKey: "run-1" },
      );
      s.runId = started.run.runId;
      while (!ctx.restarted) await sleep(500);
      await s.t.client.must(s.t.key, "GET", `/v1/monitoring/runs/${s.runId}`);
    },
    async midWork({ state: s }) {
      if (!s.runId) return false;
      return (await monitoringStatus(s.t)).claimed > 0;
    },
    async settle(ctx) {
      const s = ctx.state;
      const started = Date.now();
      let run;
      const done = await until(async () => {
        run = (await s.t.client.must(s.t.key, "GET", `/v1/monitoring/runs/${s.runId}`)).run;
        return run.status !== "running";
      });
      const st = await monitoringStatus(s.t);
      const { alerts, doubled } = await doubledAlerts(s.t);
      return {
        lost: st.pending + st.claimed + (run.status === "completed" ? 0 : 1),
        doubled,
        drained: done
          ? `run ${run.status}, ${((Date.now() - started) / 1000).toFixed(0)} s after settle`
          : "NO",
        chains: (await auditChain(ctx, s.t)) ? "audit valid" : "AUDIT BROKEN",
        deadLetters: await deadLetters(s.t),
        note: `${run.figures?.entitiesScreened} screened, ${alerts} alerts`,
      };
    },
  },
  webhooks: {
    about: "webhook delivery: 8 batches screened on arrival, every event to a receiver",
    async setup(ctx) {
      const t = await newTenant(ctx, "webhooks", { onArrival: true, accounts: 160 });
      const receiver = await startReceiver(() => 200);
      const sub = await t.client.must(t.key, "POST", "/v1/webhooks/subscriptions", {
        url: `${receiver.base}/faults`,
        eventTypes: ["*"],
      });
      receiver.secrets.faults = sub.secret;
      ctx.state = { t, receiver };
    },
    async load(ctx) {
      const s = ctx.state;
      for (let b = 0; b < 8; b++)
        await s.t.client.must(s.t.key, "POST", "/v1/ingest/transactions", batch(b, SIZE, 160, true), {
          idempotencyKey: `webhooks-${b}`,
        });
      while (!ctx.restarted) await sleep(500);
      await total(s.t, "/v1/webhooks/deliveries");
    },
    midWork: ({ state: s }) => s.receiver.requests.length >= 3,
    async settle(ctx) {
      const s = ctx.state;
      const started = Date.now();
      const open = async () => {
        const st = await monitoringStatus(s.t);
        const waiting = await Promise.all(
          ["pending", "retrying"].map((x) => total(s.t, `/v1/webhooks/deliveries?status=${x}`)),
        );
        return st.pending + st.claimed + waiting[0] + waiting[1];
      };
      // Drained: nothing left to screen or deliver, twice 10 s apart (an event is dispatched after its screening).
      const drained = await until(async () => {
        if ((await open()) > 0) return false;
        await sleep(10_000);
        return (await open()) === 0;
      });
      const events = new Set();
      for (let cursor = ""; ; ) {
        const page = await s.t.client.must(s.t.key, "GET", `/v1/webhooks/deliveries?limit=200${cursor}`);
        for (const d of page.data) events.add(d.eventId);
        if (!page.pagination.nextCursor) break;
        cursor = `&cursor=${encodeURIComponent(page.pagination.nextCursor)}`;
      }
      const received = new Map();
      // One fact (type and data) under two event ids is an event recorded twice; the same event id
      // received twice is a redelivery, which at-least-once allows (a receiver dedupes by webhook-id).
      const facts = new Map();
      for (const r of s.receiver.requests.filter((q) => q.verified && q.status === 200)) {
        received.set(r.eventId, (received.get(r.eventId) ?? 0) + 1);
        const { type, data } = JSON.parse(r.body);
        const fact = `${type} ${JSON.stringify(data)}`;
        facts.set(fact, (facts.get(fact) ?? new Set()).add(r.eventId));
      }
      const dead = await deadDeliveries(s.t);
      await s.receiver.close();
      const { alerts } = await doubledAlerts(s.t);
      return {
        lost: [...events].filter((e) => !received.has(e)).length,
        doubled: [...facts.values()].filter((ids) => ids.size > 1).length,
        drained: drained ? `yes, ${((Date.now() - started) / 1000).toFixed(0)} s after settle` : "NO",
        chains: (await auditChain(ctx, s.t)) ? "audit valid" : "AUDIT BROKEN",
        deadLetters: dead,
        note: `${alerts} alerts, ${events.size} events, ${received.size} received, ${[...received.values()].filter((n) => n > 1).length} of them redelivered (same webhook-id)`,
      };
    },
  },

  cases: {
    about: "a fraud case append burst: 8 clients appending notes (Idempotency-Key each) to one case",
    async setup(ctx) {
      const t = await newTenant(ctx, "case appends");
      const opened = await t.client.must(t.key, "POST", "/v1/fraud/cases", caseBody("cases"));
      ctx.state = { t, caseId: opened.case.id, acked: new Set() };
    },
    async load(ctx) {
      const s = ctx.state;
      await keepSending(ctx, 8, 16, async (i) => {
        await s.t.client.must(
          s.t.key,
          "POST",
          `/v1/fraud/cases/${s.caseId}/events`,
          {
            eventType: "note_added",
            actorType: "user",
            actorId: `analyst-${i % 8}`,
            noteContent: `note ${i}`,
          },
          { idempotencyKey: `note-${i}` },
        );
        s.acked.add(`note ${i}`);
      });
    },
    midWork: ({ state: s }) => s.acked.size >= 20,
    async settle(ctx) {
      const s = ctx.state;
      const notes = new Map();
      const sequences = [];
      for (let offset = 0; ; offset += 500) {
        const page = await s.t.client.must(
          s.t.key,
          "GET",
          `/v1/fraud/cases/${s.caseId}/events?limit=500&offset=${offset}`,
        );
        for (const e of page.data) {
          sequences.push(e.eventSequence);
          if (e.noteContent) notes.set(e.noteContent, (notes.get(e.noteContent) ?? 0) + 1);
        }
        if (!page.hasMore) break;
      }
      const gapless = sequences.every((q, i) => q === i + 1);
      const verify = await s.t.client.must(s.t.key, "GET", `/v1/fraud/cases/${s.caseId}/verify`);
      return {
        lost: [...s.acked].filter((n) => !notes.has(n)).length,
        doubled: [...notes.values()].reduce((a, n) => a + n - 1, 0),
        drained: "-",
        chains: `case ${verify.valid ? "valid" : "BROKEN"}${gapless ? ", gapless" : ", GAPS"}; audit ${(await auditChain(ctx, s.t)) ? "valid" : "BROKEN"}`,
        deadLetters: [],
        note: `${s.acked.size} notes acknowledged, ${sequences.length} events`,
      };
    },
  },

  move: {
    about: "a tenant move of 10,000 transactions from shard 0 to shard 1",
    async setup(ctx) {
      const t = await newTenant(ctx, "move", { accounts: 100 });
      for (let b = 0; b < 20; b++)
        await t.client.must(t.key, "POST", "/v1/ingest/transactions", batch(b, SIZE, 100, false), {
          idempotencyKey: `move-${b}`,
        });
      const opened = await t.client.must(t.key, "POST", "/v1/fraud/cases", caseBody("move"));
      for (let i = 0; i < 5; i++)
        await t.client.must(t.key, "POST", `/v1/fraud/cases/${opened.case.id}/notes`, {
          content: `before ${i}`,
          actorId: "bench",
        });
      ctx.state = {
        t,
        caseId: opened.case.id,
        before: {
          transactions: await total(t, "/v1/transactions"),
          customers: await total(t, "/v1/customers"),
        },
      };
    },
    async load(ctx) {
      const s = ctx.state;
      const started = await ctx.admin.must(
        ctx.svc.adminToken,
        "POST",
        `/admin/tenants/${s.t.id}/moves`,
        { targetShard: 1 },
        { idempotencyKey: `move-${s.t.id}` },
      );
      s.moveId = started.move.id;
      while (!ctx.restarted) await sleep(500);
      await s.t.client.must(s.t.key, "GET", "/v1/customers?limit=1");
    },
    async midWork(ctx) {
      const s = ctx.state;
      if (!s.moveId) return false;
      const { move } = await ctx.admin.must(
        ctx.svc.adminToken,
        "GET",
        `/admin/tenants/${s.t.id}/moves/${s.moveId}`,
      );
      s.stepAtKill = `${move.step} ${move.tablesDone}/${move.tablesTotal}`;
      // Before its switch, once it copied something: the kill cuts a pass of the copy.
      const copying = move.step === "copy" && (move.tablesDone >= 1 || move.totals?.sourceRows > 0);
      return move.state === "running" && (copying || ["catch_up", "fence", "final_sync"].includes(move.step));
    },
    async settle(ctx) {
      const s = ctx.state;
      const started = Date.now();
      let move;
      const done = await until(async () => {
        move = (await ctx.admin.must(ctx.svc.adminToken, "GET", `/admin/tenants/${s.t.id}/moves/${s.moveId}`))
          .move;
        return move.state !== "running";
      });
      const after = {
        transactions: await total(s.t, "/v1/transactions"),
        customers: await total(s.t, "/v1/customers"),
      };
      const verify = await s.t.client.must(s.t.key, "GET", `/v1/fraud/cases/${s.caseId}/verify`);
      const diff = (k) => after[k] - s.before[k];
      return {
        lost:
          Math.max(0, -diff("transactions")) +
          Math.max(0, -diff("customers")) +
          (move.state === "succeeded" ? 0 : 1),
        doubled: Math.max(0, diff("transactions")) + Math.max(0, diff("customers")),
        drained: done
          ? `move ${move.state}, ${((Date.now() - started) / 1000).toFixed(0)} s after settle`
          : "NO",
        chains: `case ${verify.valid ? "valid" : "BROKEN"}; audit ${(await auditChain(ctx, s.t)) ? "valid" : "BROKEN"}`,
        deadLetters: move.error ? [`move: ${move.error}`] : [],
        note: `killed at ${s.stepAtKill}; ${after.transactions} transactions on shard ${move.targetShard}`,
      };
    },
  },
};
