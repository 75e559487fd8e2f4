import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { systemShardDb } from "../../src/db/system-db";
import { AGENT_HEALTH_REFRESH_JOB, type JobMessage } from "../../src/jobs/messages";
import { cronTasks, jobHandlers } from "../../src/jobs/registry";
import { agentHealthCronTask } from "../../src/modules/agent-health/jobs";
import { call, createTenant, json, type TestTenant } from "../harness";
import { STEADY, seedAgent } from "./helpers";

interface SummaryAgent {
  agentId: string;
  transactionCount30d: number;
  transactionVolume30d: string;
}
const summary = async (key: string) =>
  (await json<{ agents: SummaryAgent[] }>(await call("GET", "/v1/agent-health/portfolio/summary", { key })))
    .agents;

/** The env with a JOBS_QUEUE that records what the cron task sends instead of delivering it. */
function recordingQueue() {
  const sent: JobMessage[] = [];
  const queue = {
    send: async (body: JobMessage) => void sent.push(body),
    sendBatch: async (messages: Array<{ body: JobMessage }>) =>
      void sent.push(...messages.map((m) => m.body)),
  };
  return { sent, env: { ...env, JOBS_QUEUE: queue } as unknown as typeof env };
}

const stored = async (t: TestTenant) =>
  (await systemShardDb(env, t.shard)
    .$client.prepare(
      `SELECT (SELECT count(*) FROM agent_health_snapshots WHERE tenant_id = ?1) AS snapshots,
              (SELECT count(*) FROM agent_health_benchmarks WHERE tenant_id = ?1) AS benchmarks`,
    )
    .bind(t.id)
    .first<{ snapshots: number; benchmarks: number }>())!;

describe("daily refresh", () => {
  it("the 02:00 cron queues one refresh per agent-network tenant; the message recomputes snapshots and benchmarks", async () => {
    expect(cronTasks["0 2 * * *"]).toContain(agentHealthCronTask);
    const t = await createTenant({ features: { agentNetwork: true } });
    const off = await createTenant();
    await seedAgent(t, { agentId: "J1" });
    // The first read computes the snapshots: J1 alone, no transaction.
    expect(await summary(t.key)).toMatchObject([{ agentId: "J1", transactionCount30d: 0 }]);
    await seedAgent(t, { agentId: "J2" }, STEADY);
    await seedAgent(off, { agentId: "N0" }, STEADY);

    const queue = recordingQueue();
    await agentHealthCronTask(queue.env);
    const mine = queue.sent.filter((m) => m.tenantId === t.id);
    expect(mine).toEqual([{ type: AGENT_HEALTH_REFRESH_JOB, tenantId: t.id }]);
    expect(queue.sent.some((m) => m.tenantId === off.id)).toBe(false);
    // Queueing alone changes nothing: J2 is not in the stored snapshots yet.
    expect((await summary(t.key)).map((a) => a.agentId)).toEqual(["J1"]);

    for (const message of mine) await jobHandlers[AGENT_HEALTH_REFRESH_JOB](env, message);
    // STEADY: 8 moved transactions of 100.00 in 30 days (the failed one does not count).
    expect(
      (await summary(t.key)).map((a) => [a.agentId, a.transactionCount30d, a.transactionVolume30d]),
    ).toEqual([
      ["J2", 8, "800.00"],
      ["J1", 0, "0.00"],
    ]);
    const benchmarks = await json<{
      benchmarks: { tierBenchmarks: Record<string, { sampleSize: number; metrics: Record<string, number> }> };
    }>(await call("GET", "/v1/agent-health/benchmarks", { key: t.key }));
    expect(benchmarks.benchmarks.tierBenchmarks.standard).toMatchObject({
      sampleSize: 2,
      metrics: { avgTransactionCount30d: 4, avgTransactionVolume30d: 400 }, // (8 + 0) / 2, (800 + 0) / 2
    });
  });

  it("the job stores nothing for a tenant without the agent network (and does for one with it)", async () => {
    const off = await createTenant();
    await seedAgent(off, { agentId: "N1" }, STEADY);
    await jobHandlers[AGENT_HEALTH_REFRESH_JOB](env, { type: AGENT_HEALTH_REFRESH_JOB, tenantId: off.id });
    expect(await stored(off)).toEqual({ snapshots: 0, benchmarks: 0 });

    const on = await createTenant({ features: { agentNetwork: true } });
    await seedAgent(on, { agentId: "Y1" }, STEADY);
    await jobHandlers[AGENT_HEALTH_REFRESH_JOB](env, { type: AGENT_HEALTH_REFRESH_JOB, tenantId: on.id });
    // One snapshot; one benchmark group for its tier and one for its region.
    expect(await stored(on)).toEqual({ snapshots: 1, benchmarks: 2 });
  });
});
