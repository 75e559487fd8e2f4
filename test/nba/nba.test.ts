import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countingContext } from "../../src/db/counting-d1";
import { loadTenantContext } from "../../src/db/tenant-context";
import { generateBatch } from "../../src/modules/nba/service";
import { calculate, outboxOf, seedHealthyCustomer, weekDate, worsen } from "../bhi/seed";
import {
  call,
  createKey,
  createTenant,
  insertAccount,
  insertCustomer,
  insertTransactions,
  json,
} from "../harness";

interface Action {
  id: string;
  actionType: string;
  priority: string;
  confidence: number;
  suggestedSteps: string[];
}
interface Generated {
  customerId: string;
  bhiSource: string;
  actions: Action[];
  evaluatedRules: number;
  matchedRules: number;
  eventRecorded: boolean;
}

const generate = async (key: string, body: unknown) => call("POST", "/v1/nba/generate", { key, body });

describe("POST /v1/nba/generate", () => {
  it("reads the stored latest BHI: a healthy customer gets no actions, a worsened one gets collections and expense actions, highest priority first", async () => {
    const t = await createTenant();
    const { customer, account } = await seedHealthyCustomer(t);
    expect((await calculate(t, { customerId: customer.id })).status).toBe(200);

    const healthy = await json<Generated>(await generate(t.key, { customerId: customer.id }));
    expect(healthy.bhiSource).toBe("stored");
    expect(healthy.evaluatedRules).toBeGreaterThan(0);
    expect(healthy.actions).toEqual([]);
    expect(healthy.matchedRules).toBe(0);

    await worsen(t, { id: account.id!, customerId: customer.id! });
    expect((await calculate(t, { customerId: customer.id })).status).toBe(200);
    const res = await generate(t.key, { customerId: customer.id });
    expect(res.status).toBe(200);
    const worse = await json<Generated>(res);
    const types = worse.actions.map((a) => a.actionType);
    // 12 of 25 debits failed and expenses are 1.53x income (test/bhi/seed.ts).
    expect(types).toContain("overdue_payment_follow_up");
    expect(types).toContain("expense_review");
    expect(worse.matchedRules).toBe(worse.actions.length);
    const rank = ["critical", "high", "medium", "low"];
    const ranks = worse.actions.map((a) => rank.indexOf(a.priority));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (const a of worse.actions) {
      expect(a.id).toBe(`${a.id.split(":")[0]}:${customer.id}`);
      expect(a.suggestedSteps.length).toBeGreaterThan(0);
      expect(a.confidence).toBeGreaterThan(0);
      expect(a.confidence).toBeLessThanOrEqual(1);
    }
    // Nothing recorded without recordEvent.
    expect((await outboxOf(t)).filter((e) => e.type === "nba.generated")).toEqual([]);
  });

  it("an override replaces overall, band and trend: excellent and improving earns a credit-line offer", async () => {
    const t = await createTenant();
    const { customer } = await seedHealthyCustomer(t);
    await calculate(t, { customerId: customer.id });
    const body = await json<Generated>(
      await generate(t.key, { customerId: customer.id, bhi: { bhiOverall: 85, trend: "improving" } }),
    );
    expect(body.bhiSource).toBe("override");
    expect(body.actions.map((a) => a.actionType)).toEqual(["credit_line_increase"]);
    const declining = await json<Generated>(
      await generate(t.key, { customerId: customer.id, bhi: { bhiOverall: 30, trend: "declining" } }),
    );
    // Declining and critical, but no loan in arrears: no restructure (test/nba/loans.test.ts has the ones with loans).
    expect(declining.actions.map((a) => a.actionType)).not.toContain("restructure_offer");
  });

  it("without any BHI or transactions: dormant outreach; one dominant payer: concentration warning", async () => {
    const t = await createTenant();
    const quiet = await insertCustomer(t);
    const q = await json<Generated>(await generate(t.key, { customerId: quiet.id }));
    expect(q.bhiSource).toBe("none");
    expect(q.actions.map((a) => a.actionType)).toEqual(["dormant_account_outreach"]);

    const c = await insertCustomer(t);
    const acc = await insertAccount(t, c.id!);
    await insertTransactions(t, { id: acc.id!, customerId: c.id! }, [
      ...Array.from({ length: 6 }, (_, k) => ({
        amountMinor: 80_000,
        transactionDate: weekDate(k),
        counterpartyName: "Accra Cocoa Buyers",
      })),
      { amountMinor: 20_000, transactionDate: weekDate(1), counterpartyName: "Walk-in" },
    ]);
    const body = await json<Generated>(await generate(t.key, { customerId: c.id }));
    const warning = body.actions.find((a) => a.actionType === "concentration_warning") as Action & {
      description: string;
    };
    // 480.00 of 500.00 = 96% from one payer.
    expect(warning.priority).toBe("high");
    expect(warning.description).toContain("96% of inflow");
    expect(warning.description).toContain("Accra Cocoa Buyers");
  });

  it("recordEvent records nba.generated and needs nba:write; nba:read suffices without it", async () => {
    const t = await createTenant();
    const c = await insertCustomer(t);
    const reader = await createKey(t.id, ["nba:read"]);
    expect((await generate(reader.key, { customerId: c.id })).status).toBe(200);
    const refused = await generate(reader.key, { customerId: c.id, recordEvent: true });
    expect(refused.status).toBe(403);
    expect((await outboxOf(t)).filter((e) => e.type === "nba.generated")).toEqual([]);

    const body = await json<Generated>(await generate(t.key, { customerId: c.id, recordEvent: true }));
    expect(body.eventRecorded).toBe(true);
    const events = (await outboxOf(t)).filter((e) => e.type === "nba.generated");
    expect(events.map((e) => e.data)).toEqual([
      {
        customerId: c.id,
        actionCount: body.actions.length,
        actions: body.actions.map((a) => ({ id: a.id, actionType: a.actionType, priority: a.priority })),
      },
    ]);
  });

  it("404 for an absent or another tenant's customer; 400 for bad input", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const foreign = await insertCustomer(other);
    expect((await generate(t.key, { customerId: foreign.id })).status).toBe(404);
    expect((await generate(t.key, { customerId: crypto.randomUUID() })).status).toBe(404);
    const bad = await generate(t.key, { customerId: "nope", bhi: { bhiOverall: 101, bhiBand: "great" } });
    expect(bad.status).toBe(400);
    const paths = (await json<{ error: { details: Array<{ path: string }> } }>(bad)).error.details.map(
      (d) => d.path,
    );
    expect(paths).toEqual(expect.arrayContaining(["customerId", "bhi.bhiOverall", "bhi.bhiBand"]));
  });
});

describe("POST /v1/nba/batch", () => {
  interface Batch {
    results: Array<Generated & { status: string; error?: { code: string } }>;
    summary: { total: number; successful: number; failed: number };
  }

  it("evaluates each customer; an unknown one fails alone; duplicates count once", async () => {
    const t = await createTenant();
    const { customer } = await seedHealthyCustomer(t);
    await calculate(t, { customerId: customer.id });
    const quiet = await insertCustomer(t);
    const unknown = crypto.randomUUID();
    const res = await call("POST", "/v1/nba/batch", {
      key: t.key,
      body: { customerIds: [customer.id, quiet.id, unknown, quiet.id] },
    });
    expect(res.status).toBe(200);
    const body = await json<Batch>(res);
    expect(body.summary).toEqual({ total: 3, successful: 2, failed: 1, actionCount: 1 });
    expect(body.results.map((r) => [r.customerId, r.status])).toEqual([
      [customer.id, "ok"],
      [quiet.id, "ok"],
      [unknown, "failed"],
    ]);
    expect(body.results[1].actions.map((a) => a.actionType)).toEqual(["dormant_account_outreach"]);
    expect(body.results[2]).toMatchObject({ actions: [], matchedRules: 0, error: { code: "not_found" } });
    expect((await outboxOf(t)).filter((e) => e.type === "nba.generated")).toEqual([]);

    await call("POST", "/v1/nba/batch", {
      key: t.key,
      body: { customerIds: [quiet.id], recordEvents: true },
    });
    const events = (await outboxOf(t)).filter((e) => e.type === "nba.generated");
    expect(events.map((e) => e.data.customerId)).toEqual([quiet.id]);
  });

  it("reads 100 customers in four statements (cash flows, loans, latest BHI, existence), not per customer", async () => {
    const t = await createTenant();
    const { customer } = await seedHealthyCustomer(t);
    await calculate(t, { customerId: customer.id });
    const others = await Promise.all(Array.from({ length: 49 }, () => insertCustomer(t)));
    const ids = [
      customer.id!,
      ...others.map((c) => c.id!),
      ...Array.from({ length: 50 }, () => crypto.randomUUID()),
    ];
    const counting = countingContext(await loadTenantContext(env, t.id, "nba-batch-count"));
    const items = await generateBatch(counting.ctx, { customerIds: ids }, ["nba:read"]);
    expect(counting.queries()).toBe(4);
    expect(items.filter((i) => i.status === "ok")).toHaveLength(50);
    expect(items.filter((i) => i.status === "failed")).toHaveLength(50);
    const scored = items.find((i) => i.customerId === customer.id);
    expect(scored).toMatchObject({ status: "ok", bhiSource: "stored" });
  });

  it("accepts 1..100 uuids", async () => {
    const t = await createTenant();
    const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
    const post = (customerIds: unknown) =>
      call("POST", "/v1/nba/batch", { key: t.key, body: { customerIds } });
    expect((await post([])).status).toBe(400);
    expect((await post(ids(101))).status).toBe(400);
    expect((await post(["x"])).status).toBe(400);
    const full = await post(ids(100));
    expect(full.status).toBe(200);
    expect((await json<Batch>(full)).summary).toMatchObject({ total: 100, failed: 100 });
  });
});
