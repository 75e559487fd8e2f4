import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { monitoringScreenings } from "../../src/db/shard/monitoring";
import { loadTenantContext, type TenantContext } from "../../src/db/tenant-context";
import { fixedClock } from "../../src/lib/clock";
import { AppError } from "../../src/lib/errors";
import { evaluate as evaluateAml } from "../../src/modules/aml/evaluation/service";
import { evaluate as evaluateFraud } from "../../src/modules/fraud/evaluation/service";
import { PAGE_SIZE } from "../../src/modules/monitoring/domain/drain";
import { screenEntity, WINDOW_DAYS } from "../../src/modules/monitoring/screening/service";
import { preloadOf, preloadPage } from "../../src/modules/monitoring/screening/steps/preload";
import { drainPending } from "../../src/modules/monitoring/service";
import { ago, customerWith } from "../aml/helpers";
import { insertAgent, insertTransactions } from "../harness";
import { pending, quietTenant, screenings } from "./helpers";
import { structuringParameters } from "./screening-helpers";

/**
 * The statements of one drained page, by design (docs/methodology/monitoring.md#performance):
 * the claim, the entity read, per entity type three fraud reads (activity, last activity before
 * the baseline, allowlist), three AML reads (countries, features, allowlist) and the peer groups
 * both evaluations share (docs/methodology/peers.md), then the writes:
 * screening upserts of 10 rows each and the two statements that finish the pending rows.
 * Quiet entities write no alert. Per drain: the two live rule sets, the empty last claim and the
 * look at what is left.
 */
const pageStatements = (entities: number, types: number) => 2 + types * 7 + Math.ceil(entities / 10) + 2;
const DRAIN_STATEMENTS = 4;

const without = <T extends Record<string, unknown>>(o: T | null) => {
  if (!o) return null;
  const { alertId: _a, correlationId: _c, ...rest } = o;
  return rest;
};

async function orNull<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return null;
    throw err;
  }
}

describe("screening a page", () => {
  it("costs at most the designed statements per page: under one D1 query per quiet entity", async () => {
    const t = await quietTenant("Query count");
    const customers = PAGE_SIZE; // a customer and its account each: two full pages
    for (let i = 0; i < customers; i++)
      await customerWith(t, [{ amountMinor: 10_000 + i, transactionDate: ago(1), channel: "mobile_money" }]);
    const ctx = await loadTenantContext(env, t.id, "test");
    const figures = await drainPending(ctx, { trigger: "arrival", runId: null });
    expect(figures).toMatchObject({ screened: 2 * customers, failed: 0, alerts: 0, pages: 2, next: null });
    const bound = 2 * pageStatements(PAGE_SIZE, 2) + DRAIN_STATEMENTS;
    console.log(
      JSON.stringify({ queries: figures.queries, bound, perEntity: figures.queries / figures.screened }),
    );
    expect(figures.queries).toBeLessThanOrEqual(bound);
    expect(figures.queries / figures.screened).toBeLessThan(1);
  });

  it("answers, per entity, exactly what the entity's own evaluations answer", async () => {
    const t = await quietTenant("Preload equivalence");
    const { justUnderMinor, amlMinCount, fraudMinCount } = await structuringParameters(t);
    const n = Math.max(amlMinCount, fraudMinCount);
    const structurer = await customerWith(
      t,
      Array.from({ length: n }, (_, i) => ({
        amountMinor: justUnderMinor,
        transactionDate: ago(0, i + 1),
        channel: "cash",
        type: "credit" as const,
      })),
    );
    const mixed = await customerWith(t, [
      { amountMinor: 6_000_000, transactionDate: ago(2), channel: "cash" },
      {
        amountMinor: 250_000,
        transactionDate: ago(3),
        type: "debit",
        counterpartyName: "Ama",
        merchantName: "Shop A",
      },
      {
        amountMinor: 90_000,
        transactionDate: ago(200),
        counterpartyCountry: "KP",
        counterpartyAccount: "X-1",
      },
      {
        amountMinor: 120_000,
        transactionDate: ago(1),
        counterpartyCountry: "KP",
        counterpartyAccount: "X-1",
      },
    ]);
    const quiet = await customerWith(t, []);
    const agent = await insertAgent(t);
    await insertTransactions(t, { id: quiet.accountId, customerId: quiet.customerId }, [
      { amountMinor: 40_000, transactionDate: ago(1), agentId: agent.agentId, channel: "cash" },
    ]);
    const entities = [
      { entityType: "customer" as const, entityId: structurer.customerId },
      { entityType: "account" as const, entityId: structurer.accountId },
      { entityType: "customer" as const, entityId: mixed.customerId },
      { entityType: "account" as const, entityId: mixed.accountId },
      { entityType: "customer" as const, entityId: quiet.customerId },
      { entityType: "agent" as const, entityId: agent.agentId },
      { entityType: "merchant" as const, entityId: "Shop A" },
      { entityType: "counterparty" as const, entityId: "X-1" },
      { entityType: "customer" as const, entityId: crypto.randomUUID() },
      { entityType: "account" as const, entityId: "not-a-uuid" },
    ];
    const base = await loadTenantContext(env, t.id, "test");
    const ctx: TenantContext = { ...base, clock: fixedClock(new Date().toISOString()) };
    const now = ctx.clock.now();
    const page = await preloadPage(ctx, entities, { now, windowDays: WINDOW_DAYS });
    let fired = 0;
    // In a mixed page, and alone in its page (then its type's reads are the page's only ones).
    const cases = entities.flatMap((e) => [
      { e, pre: async () => page },
      { e, pre: () => preloadPage(ctx, [e], { now, windowDays: WINDOW_DAYS }) },
    ]);
    for (const { e, pre } of cases) {
      const input = { ...e, windowDays: WINDOW_DAYS };
      const p = preloadOf(await pre(), e)!;
      const own = {
        fraud:
          e.entityType === "counterparty"
            ? null
            : await orNull(() => evaluateFraud(ctx, { ...input, entityType: e.entityType })),
        aml: await orNull(() => evaluateAml(ctx, { ...input, dryRun: true }, ["aml:read"], null)),
      };
      expect(p.gone).toBe(own.aml === null);
      const paged = {
        fraud:
          e.entityType === "counterparty" || p.gone || !p.fraud
            ? null
            : await evaluateFraud(ctx, { ...input, entityType: e.entityType }, undefined, p.fraud),
        aml: p.gone
          ? null
          : await evaluateAml(ctx, { ...input, dryRun: true }, ["aml:read"], null, undefined, p.aml!),
      };
      expect(without(paged.fraud), `${e.entityType} ${e.entityId} fraud`).toEqual(without(own.fraud));
      expect(without(paged.aml), `${e.entityType} ${e.entityId} aml`).toEqual(without(own.aml));
      fired += (own.fraud?.triggeredSignals.length ?? 0) + (own.aml?.totalTriggered ?? 0);
    }
    // Not a comparison of empty answers: the structurer and the large cash fire rules of both kinds.
    expect(fired).toBeGreaterThan(6);
  });

  it("when the page's batch fails, each entity is stored on its own: only the bad one fails", async () => {
    const t = await quietTenant("Page batch fallback");
    const bad = await customerWith(t, [{ amountMinor: 10_000, transactionDate: ago(1) }]);
    const good = await customerWith(t, [{ amountMinor: 20_000, transactionDate: ago(1) }]);
    const ctx = await loadTenantContext(env, t.id, "test");
    const figures = await drainPending(ctx, {
      trigger: "arrival",
      runId: null,
      screen: async (c, entity, options, pre) => {
        const s = await screenEntity(c, entity, options, pre);
        if (entity.entityId !== bad.customerId) return s;
        // A statement the database refuses (entity_id NOT NULL): this entity's batch cannot commit.
        const broken = c.db
          .insert(monitoringScreenings)
          .values({ entityType: "customer", entityId: null } as never);
        return { ...s, statements: [...s.statements, broken] };
      },
    });
    expect(figures).toMatchObject({ screened: 3, failed: 1, pages: 1 });
    expect(await screenings(t, good.customerId)).toHaveLength(1);
    expect(await screenings(t, good.accountId)).toHaveLength(1);
    expect(await screenings(t, bad.customerId)).toEqual([]);
    expect((await pending(t)).map((r) => [r.entity_type, r.attempts])).toEqual([["customer", 1]]);
  });
});
