import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { countingContext } from "../../src/db/counting-d1";
import { loadTenantContext } from "../../src/db/tenant-context";
import type { Env } from "../../src/env";
import { ingestRecords } from "../../src/modules/ingest/service";
import { calculate, seedHealthyCustomer } from "../bhi/seed";
import { createTenant, type TestTenant } from "../harness";
import { customer } from "../ingest/helpers";

const records = Array.from({ length: 30 }, (_, i) => customer(i));

/** One request through the whole app, under the ENVIRONMENT given. */
const post = (t: TestTenant, path: string, body: unknown, environment: string) =>
  buildApp().request(
    path,
    {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    },
    { ...env, ENVIRONMENT: environment } as Env,
  );

describe("x-d1-queries, set by the instrumentation middleware", () => {
  it("reports the statements an ingest sends, the figure the service itself produces when counted", async () => {
    const viaService = await createTenant();
    const counting = countingContext(await loadTenantContext(env, viaService.id, "direct"));
    await ingestRecords(counting.ctx, "customers", records);

    const viaHttp = await createTenant();
    const res = await post(viaHttp, "/v1/ingest/customers", records, "test");
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-d1-queries"))).toBe(counting.queries());
    expect(counting.queries()).toBeGreaterThan(0);
  });

  it("are absent in production, on the routes that used to set them", async () => {
    const t = await createTenant({ features: { agentNetwork: true } });
    await seedHealthyCustomer(t, "A Ltd");
    const responses = [
      await post(t, "/v1/ingest/customers", records, "production"),
      await post(t, "/v1/bhi/calculate-from-db", {}, "production"),
      await post(t, "/v1/agent-health/portfolio/refresh", {}, "production"),
    ];
    for (const res of responses) {
      expect(res.status).toBe(200);
      expect(res.headers.get("x-d1-queries")).toBeNull();
      expect(res.headers.get("server-timing")).toBeNull();
    }
  });

  it("come with the BHI phase timings outside production", async () => {
    const t = await createTenant();
    await seedHealthyCustomer(t, "A Ltd");
    const res = await calculate(t, {});
    expect(res.status).toBe(200);
    expect(res.headers.get("server-timing")).toMatch(
      /^bhi-read;dur=[\d.]+, bhi-compute;dur=[\d.]+, bhi-write;dur=[\d.]+$/,
    );
  });
});
