import { beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, json, type TestTenant } from "../harness";
import { customer, ingest } from "./helpers";

/** Issue 11 finding 9: a client's createdAt is kept as sourceCreatedAt and never backdates tenure. */
let t: TestTenant;
let started: string;
beforeAll(async () => {
  started = new Date().toISOString();
  t = await createTenant({ shard: 0, features: { agentNetwork: true } });
});

const get = async <T>(path: string) => json<T>(await call("GET", path, { key: t.key }));

describe("ingest createdAt", () => {
  it("is stored as the customer's sourceCreatedAt; createdAt is when the service first recorded it", async () => {
    expect((await ingest(t, "customers", [customer(1, { createdAt: "2015-03-01" })])).recordsWritten).toBe(1);
    const { data } = await get<{ data: { sourceCreatedAt: string | null; createdAt: string }[] }>(
      "/v1/customers",
    );
    expect(data).toHaveLength(1);
    expect(data[0].sourceCreatedAt).toBe("2015-03-01T00:00:00.000Z");
    expect(data[0].createdAt >= started).toBe(true);

    // Re-sent with another source date: sourceCreatedAt follows the source, createdAt stays.
    await ingest(t, "customers", [customer(1, { createdAt: "2016-01-01" })]);
    const again = await get<{ data: { sourceCreatedAt: string; createdAt: string }[] }>("/v1/customers");
    expect(again.data[0]).toEqual({
      ...data[0],
      sourceCreatedAt: "2016-01-01T00:00:00.000Z",
      updatedAt: expect.any(String),
    });
  });

  it("does not drive an agent's tenure: without activatedAt, tenure counts from first recorded here", async () => {
    const agent = {
      agentId: "AG-OLD",
      agentCode: "AG-OLD",
      agentTier: "standard",
      agentStatus: "active",
      floatBalance: 100,
      floatLimit: 1000,
      createdAt: "2010-01-01",
    };
    expect((await ingest(t, "agents", [agent])).recordsWritten).toBe(1);
    const stored = await get<{ agent: { sourceCreatedAt: string; createdAt: string } }>("/v1/agents/AG-OLD");
    expect(stored.agent.sourceCreatedAt).toBe("2010-01-01T00:00:00.000Z");

    const health = await get<{
      report: { components: { componentId: string; rawValue: number | null }[] };
    }>("/v1/agent-health/AG-OLD");
    const tenure = health.report.components.find((c) => c.componentId === "tenure")!;
    // Months since the row was recorded a moment ago: well under one, not the ~190 since 2010.
    expect(tenure.rawValue).not.toBeNull();
    expect(tenure.rawValue!).toBeLessThan(1);
  });
});
