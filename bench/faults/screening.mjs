// Scenarios of bench/faults.mjs around screening: on arrival, a portfolio run, webhook delivery.
import { startReceiver } from "../lib/receiver.mjs";
import {
  auditChain,
  batch,
  deadDeliveries,
  deadLetters,
  doubledAlerts,
  monitoringStatus,
  newTenant,
  SIZE,
  sinceKill,
  sleep,
  total,
  until,
} from "./helpers.mjs";

export const screening = {
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
        drained: drained
          ? `yes, ${((Date.now() - started) / 1000).toFixed(0)} s after settle, ${sinceKill(ctx)} after the kill`
          : "NO",
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
          ? `run ${run.status}, ${((Date.now() - started) / 1000).toFixed(0)} s after settle, ${sinceKill(ctx)} after the kill`
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
        drained: drained
          ? `yes, ${((Date.now() - started) / 1000).toFixed(0)} s after settle, ${sinceKill(ctx)} after the kill`
          : "NO",
        chains: (await auditChain(ctx, s.t)) ? "audit valid" : "AUDIT BROKEN",
        deadLetters: dead,
        note: `${alerts} alerts, ${events.size} events, ${received.size} received, ${[...received.values()].filter((n) => n > 1).length} of them redelivered (same webhook-id)`,
      };
    },
  },
};
