import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cronTasks, jobHandlers } from "../../src/jobs/registry";
import { AGENT_HEALTH_REFRESH_JOB } from "../../src/modules/agent-health/jobs";
import { call, createTenant, json } from "../harness";
import { STEADY, seedAgent } from "./helpers";

const summary = async (key: string) =>
  json<{ agents: Array<{ agentId: string; transactionCount30d: number }> }>(
    await call("GET", "/v1/agent-health/portfolio/summary", { key }),
  );

describe("daily refresh", () => {
  it("the 02:00 cron task queues a refresh, and the job recomputes the tenant's snapshots", async () => {
    expect(cronTasks["0 2 * * *"].length).toBeGreaterThan(0);
    const t = await createTenant({ features: { agentNetwork: true } });
    await seedAgent(t, { agentId: "J1" });
    expect((await summary(t.key)).agents[0]).toMatchObject({ agentId: "J1", transactionCount30d: 0 });

    await seedAgent(t, { agentId: "J2" }, STEADY);
    for (const task of cronTasks["0 2 * * *"]) await task(env, new Date());
    await jobHandlers[AGENT_HEALTH_REFRESH_JOB](env, { type: AGENT_HEALTH_REFRESH_JOB, tenantId: t.id });
    const after = await summary(t.key);
    expect(after.agents.map((a) => [a.agentId, a.transactionCount30d])).toEqual([
      ["J2", 8],
      ["J1", 0],
    ]);
  });

  it("the job does nothing for a tenant without the agent network", async () => {
    const t = await createTenant();
    await seedAgent(t, { agentId: "N1" });
    await expect(
      jobHandlers[AGENT_HEALTH_REFRESH_JOB](env, { type: AGENT_HEALTH_REFRESH_JOB, tenantId: t.id }),
    ).resolves.toBeUndefined();
  });
});
