// Scenarios of bench/faults.mjs around client writes and operator work: ingest, case appends, a tenant move.
import {
  auditChain,
  batch,
  caseBody,
  keepSending,
  newTenant,
  SIZE,
  sinceKill,
  sleep,
  total,
  until,
} from "./helpers.mjs";

export const writes = {
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
          ? `move ${move.state}, ${((Date.now() - started) / 1000).toFixed(0)} s after settle, ${sinceKill(ctx)} after the kill`
          : "NO",
        chains: `case ${verify.valid ? "valid" : "BROKEN"}; audit ${(await auditChain(ctx, s.t)) ? "valid" : "BROKEN"}`,
        deadLetters: move.error ? [`move: ${move.error}`] : [],
        note: `killed at ${s.stepAtKill}; ${after.transactions} transactions on shard ${move.targetShard}`,
      };
    },
  },
};
