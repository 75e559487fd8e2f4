import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import type { Env } from "../../src/env";
import { startOrJoin } from "../../src/jobs/dedupe";

const e = env as unknown as Env;

/**
 * Two identical requests where the second reads the key between the first one's claim and its
 * job's row being written: the second must join that job, not take the key over and start a
 * second one (the race an ordinary pair of concurrent POSTs hit now and then).
 */
it("a request that finds the key claimed but the job not yet written waits for it and joins", async () => {
  const tenantId = crypto.randomUUID();
  const key = `test:${crypto.randomUUID()}`;
  const jobs = new Map<string, { id: string }>();
  const started: string[] = [];
  const running = async (jobId: string) => jobs.get(jobId);
  const start = (delayMs: number) => async (jobId: string) => {
    started.push(jobId);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const job = { id: jobId };
    jobs.set(jobId, job);
    return job;
  };
  const now = new Date();
  const first = startOrJoin(e, { tenantId, key, now }, running, start(300));
  await new Promise((resolve) => setTimeout(resolve, 50)); // the first has claimed the key
  const second = await startOrJoin(e, { tenantId, key, now }, running, start(0));
  const firstResult = await first;
  expect(firstResult.joined).toBe(false);
  expect(second).toEqual({ joined: true, job: firstResult.job });
  expect(started).toHaveLength(1);
});

it("a key whose job never appears is taken over once the waits run out", async () => {
  const tenantId = crypto.randomUUID();
  const key = `test:${crypto.randomUUID()}`;
  const now = new Date();
  // A claim whose start never wrote its job (the request died after the claim).
  await e.CONTROL_DB.prepare(
    "INSERT INTO job_dedupe (tenant_id, dedupe_key, job_id, created_at) VALUES (?1, ?2, ?3, ?4)",
  )
    .bind(tenantId, key, crypto.randomUUID(), now.toISOString())
    .run();
  const result = await startOrJoin(
    e,
    { tenantId, key, now },
    async () => undefined,
    async (jobId) => ({ id: jobId }),
  );
  expect(result.joined).toBe(false);
  const held = await e.CONTROL_DB.prepare(
    "SELECT job_id FROM job_dedupe WHERE tenant_id = ?1 AND dedupe_key = ?2",
  )
    .bind(tenantId, key)
    .first<{ job_id: string }>();
  expect(held?.job_id).toBe(result.job.id);
});
