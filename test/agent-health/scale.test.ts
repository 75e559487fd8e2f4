import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { systemShardBinding } from "../../src/db/system-db";
import { DEFAULT_SETTINGS, tenantContext } from "../../src/db/tenant-context";
import type { Env } from "../../src/env";
import { AGENT_HEALTH_REFRESH_JOB, type JobMessage } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { INLINE_REFRESH_LIMIT, refreshPortfolio } from "../../src/modules/agent-health/service";
import { REFRESH_SLICE } from "../../src/modules/agent-health/snapshots/service";
import { call, createTenant, json, type TestTenant } from "../harness";

const insertAgents = (t: TestTenant, n: number) =>
  systemShardBinding(env, t.shard)
    .prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i < ?2 - 1)
       INSERT INTO agents (id, tenant_id, agent_id, external_id, external_source, agent_code, agent_tier,
         agent_status, float_balance_minor, float_limit_minor, created_at, updated_at)
       SELECT lower(hex(randomblob(16))), ?1, printf('S-%05d', i), printf('S-%05d', i), 'test', printf('C%05d', i),
         'standard', 'active', (i % 100) * 10000, 1000000, '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z'
       FROM seq`,
    )
    .bind(t.id, n)
    .run();

describe("portfolio refresh at size", () => {
  it("refreshes 5,000 agents with a handful of set-based statements, never one per agent", async () => {
    const t = await createTenant({ features: { agentNetwork: true } });
    const n = INLINE_REFRESH_LIMIT; // two refresh slices (2,500 agents each), the most done inline
    await insertAgents(t, n);
    const res = await call("POST", "/v1/agent-health/portfolio/refresh", { key: t.key });
    expect(res.status).toBe(200);
    expect((await json<{ refreshed: number }>(res)).refreshed).toBe(n);
    // The tenant's demand pool (2), then per slice: agents read, transaction GROUP BY, the float
    // forecast's balances, history stats and slot sums, the episode read; plus chunked upserts.
    const queries = Number(res.headers.get("x-d1-queries"));
    expect(queries).toBeGreaterThanOrEqual(5);
    expect(queries).toBeLessThan(35);

    const page = await json<{ total: number; agents: Array<{ agentId: string; floatUtilization: number }> }>(
      await call(
        "GET",
        "/v1/agent-health/portfolio/summary?sortBy=floatBalance&sortOrder=asc&limit=3&offset=4997",
        {
          key: t.key,
        },
      ),
    );
    expect(page.total).toBe(n);
    expect(page.agents.map((a) => a.floatUtilization)).toEqual([0.99, 0.99, 0.99]);
    // a second refresh replaces the rows, it does not add to them
    await call("POST", "/v1/agent-health/portfolio/refresh", { key: t.key });
    const again = await json<{ total: number }>(
      await call("GET", "/v1/agent-health/portfolio/summary?limit=1", { key: t.key }),
    );
    expect(again.total).toBe(n);
  });

  it("an on-demand refresh above the inline limit goes to the jobs queue", async () => {
    const t = await createTenant({ features: { agentNetwork: true } });
    await insertAgents(t, INLINE_REFRESH_LIMIT + 1);
    const sent: unknown[] = [];
    const queue = { send: async (message: unknown) => void sent.push(message) };
    const ctx = tenantContext(
      { ...env, JOBS_QUEUE: queue } as unknown as Env,
      {
        id: t.id,
        name: "t",
        shard: t.shard,
        features: { agentNetwork: true },
        settings: { ...DEFAULT_SETTINGS },
      },
      "test",
    );
    expect(await refreshPortfolio(ctx)).toEqual({
      kind: "queued",
      agents: INLINE_REFRESH_LIMIT + 1,
      joined: false,
    });
    expect(sent).toEqual([{ type: AGENT_HEALTH_REFRESH_JOB, tenantId: t.id }]);

    // Each message does one slice and queues the next with its cursor; progress shows in between.
    const progress = async () =>
      (
        await json<{ run: { status: string; total: number; processed: number } | null }>(
          await call("GET", "/v1/agent-health/portfolio/refresh", { key: t.key }),
        )
      ).run;
    expect(await progress()).toBeNull();
    const seen: unknown[] = [];
    const chained = {
      ...env,
      JOBS_QUEUE: { send: async (m: unknown) => void sent.push(m) },
    } as unknown as Env;
    while (sent.length > 0) {
      const message = sent.shift() as JobMessage;
      await jobHandlers[AGENT_HEALTH_REFRESH_JOB](chained, message as never);
      seen.push(await progress());
    }
    const total = INLINE_REFRESH_LIMIT + 1;
    const slices = Math.ceil(total / REFRESH_SLICE);
    expect(seen).toEqual(
      [
        ...Array.from({ length: slices - 1 }, (_, i) => ({
          status: "running",
          total,
          processed: (i + 1) * REFRESH_SLICE,
        })),
        { status: "completed", total, processed: total },
      ].map((r) => expect.objectContaining(r)),
    );
    const page = await json<{ total: number }>(
      await call("GET", "/v1/agent-health/portfolio/summary?limit=1", { key: t.key }),
    );
    expect(page.total).toBe(total);
  });
});
