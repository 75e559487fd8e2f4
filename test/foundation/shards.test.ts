import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { shardNumbers } from "../../src/db/client";
import { systemShardBinding } from "../../src/db/system-db";
import { TENANT_RESERVE_BYTES } from "../../src/modules/admin/domain/placement";
import { admin, createTenant, json } from "../harness";
import { customer, ingest } from "../ingest/helpers";

/**
 * SHARD_2 is bound only in vitest.config.ts: nothing in src/ names it. No figure is assumed
 * (other files may share this storage): each test reads GET /admin/shards and derives what
 * placement must do from it (docs/operations.md#placement: bytes + 8 MiB a tenant, least wins).
 */
const NEW = 2;
const MiB = 1024 * 1024;

interface Shard {
  shard: number;
  binding: string;
  bound: boolean;
  state: "open" | "closed";
  ready: boolean;
  tenants: number;
  bytes: number | null;
  rows: number | null;
  migrationsApplied: number | null;
  queues: Record<string, number> | null;
  problem: string | null;
}

async function shards() {
  const res = await admin("GET", "/admin/shards");
  expect(res.status).toBe(200);
  const body = await json<{ data: Shard[]; nextPlacement: number | null }>(res);
  return { ...body, of: (n: number) => body.data.find((s) => s.shard === n) as Shard };
}

const load = (s: Shard) => (s.bytes ?? 0) + s.tenants * TENANT_RESERVE_BYTES;
const patchShard = (n: number, body: unknown) => admin("PATCH", `/admin/shards/${n}`, body);

/** Tenants named onto the other open shards until shard NEW has the least load of all. */
async function makeNewShardLightest() {
  for (let i = 0; i < 50; i++) {
    const { data } = await shards();
    const target = data.find((s) => s.shard === NEW) as Shard;
    const heavier = data.filter(
      (s) => s.bound && s.state === "open" && s.shard !== NEW && load(s) <= load(target),
    );
    if (heavier.length === 0) return;
    for (const s of heavier) await createTenant({ name: "ballast tenant", shard: s.shard });
  }
  throw new Error("could not make the new shard the lightest");
}

afterAll(async () => {
  await patchShard(NEW, { state: "open" });
  await systemShardBinding(env, NEW).prepare("DROP TABLE IF EXISTS test_ballast").run();
});

describe("shards as configuration", () => {
  it("discovers a shard bound only by configuration and migrates it like the others", async () => {
    expect(shardNumbers(env)).toContain(NEW);
    const { data, of } = await shards();
    expect(of(NEW)).toMatchObject({ binding: "SHARD_2", bound: true, ready: true, problem: null });
    // Every discovered shard carries every shard migration.
    for (const n of shardNumbers(env)) expect(of(n).migrationsApplied).toBe(env.SHARD_MIGRATIONS.length);
    expect(data.map((s) => s.shard)).toEqual([...data.map((s) => s.shard)].sort((a, b) => a - b));
  });

  it("places a new tenant on the shard of least measured load, and it works there", async () => {
    await makeNewShardLightest();
    expect((await shards()).nextPlacement).toBe(NEW);
    const before = (await shards()).of(NEW);
    const t = await createTenant({ name: "Placed by load" });
    expect(t.shard).toBe(NEW);
    // The tenant's data lands in the new shard's tables (its migrations ran).
    const written = await ingest(t, "customers", [customer(1), customer(2), customer(3)]);
    expect(written).toMatchObject({ status: 200, recordsWritten: 3 });
    const after = (await shards()).of(NEW);
    expect(after.tenants).toBe(before.tenants + 1);
    expect(after.rows).toBe((before.rows ?? 0) + 3);
  });

  it("lets the operator name an open shard, and refuses one that is not bound", async () => {
    const named = await createTenant({ name: "Named", shard: NEW });
    expect(named.shard).toBe(NEW);
    const res = await admin("POST", "/admin/tenants", { name: "Nowhere", shard: 7 });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/"path":"shard".*not a shard of this deployment/);
    expect((await patchShard(7, { state: "closed" })).status).toBe(404);
    expect((await patchShard(NEW, { state: "full" })).status).toBe(400);
  });

  it("gives a closed shard no new tenants, by placement or by name, and audits the change once", async () => {
    await makeNewShardLightest();
    expect((await shards()).nextPlacement).toBe(NEW);

    const closed = await patchShard(NEW, { state: "closed", notes: "draining for a move" });
    expect(closed.status).toBe(200);
    expect((await json<{ shard: Shard }>(closed)).shard).toMatchObject({ shard: NEW, state: "closed" });
    expect((await patchShard(NEW, { state: "closed" })).status).toBe(200); // no change, no entry
    const audit = await json<{ data: Array<{ target: { id: string }; before: unknown; after: unknown }> }>(
      await admin("GET", "/admin/audit-log?action=shard.updated&limit=100"),
    );
    const entries = audit.data.filter((e) => e.target.id === String(NEW));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ after: { state: "closed", notes: "draining for a move" } });

    expect((await shards()).nextPlacement).not.toBe(NEW);
    for (let i = 0; i < 3; i++) expect((await createTenant({ name: "While closed" })).shard).not.toBe(NEW);
    const refused = await admin("POST", "/admin/tenants", { name: "Named closed", shard: NEW });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toMatch(/closed to new tenants/);

    expect((await patchShard(NEW, { state: "open" })).status).toBe(200);
    await makeNewShardLightest();
    expect((await createTenant({ name: "Reopened" })).shard).toBe(NEW);
  });

  it("follows bytes: a shard made heavier than the others' reserve stops taking tenants", async () => {
    await makeNewShardLightest();
    const { data, of } = await shards();
    const others = data.filter((s) => s.bound && s.state === "open" && s.shard !== NEW);
    const lightestOther = Math.min(...others.map(load));
    // Fewer tenants than the others still, but more bytes than any of them by a margin.
    const ballast = Math.ceil((lightestOther - load(of(NEW)) + 2 * MiB) / MiB);
    const d1 = systemShardBinding(env, NEW);
    await d1.prepare("CREATE TABLE IF NOT EXISTS test_ballast (b BLOB)").run();
    for (let i = 0; i < ballast; i++)
      await d1.prepare("INSERT INTO test_ballast VALUES (zeroblob(1048576))").run();

    const after = await shards();
    expect(after.of(NEW).bytes ?? 0).toBeGreaterThanOrEqual((of(NEW).bytes ?? 0) + ballast * MiB);
    expect(load(after.of(NEW))).toBeGreaterThan(lightestOther);
    const t = await createTenant({ name: "Not on the heavy shard" });
    expect(t.shard).not.toBe(NEW);
    expect(t.shard).toBe(others.sort((a, b) => load(a) - load(b) || a.shard - b.shard)[0]?.shard);
  });

  it("gives a shard whose migrations are behind the others no tenants until it catches up", async () => {
    await makeNewShardLightest();
    expect((await shards()).nextPlacement).toBe(NEW);
    // One more migration recorded on every other shard: shard NEW is now one behind.
    const others = shardNumbers(env).filter((n) => n !== NEW);
    const marker = `9999_not_yet_on_shard_${NEW}.sql`;
    const record = (n: number) =>
      systemShardBinding(env, n).prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(marker).run();
    const unrecord = (n: number) =>
      systemShardBinding(env, n).prepare("DELETE FROM d1_migrations WHERE name = ?").bind(marker).run();
    for (const n of others) await record(n);
    try {
      const { of, nextPlacement } = await shards();
      expect(of(NEW)).toMatchObject({ ready: false, migrationsApplied: env.SHARD_MIGRATIONS.length });
      expect(of(NEW).problem).toMatch(/migrations behind/);
      expect(nextPlacement).not.toBe(NEW);
      expect((await createTenant({ name: "Not on the unmigrated shard" })).shard).not.toBe(NEW);
      const named = await admin("POST", "/admin/tenants", { name: "Named unmigrated", shard: NEW });
      expect(named.status).toBe(400);
      // Caught up: it takes tenants again.
      await record(NEW);
      expect((await shards()).of(NEW).ready).toBe(true);
    } finally {
      for (const n of shardNumbers(env)) await unrecord(n);
    }
  });

  it("reports per-shard figures the operator can act on", async () => {
    const { data } = await shards();
    for (const s of data.filter((x) => x.bound)) {
      expect(s.bytes).toBeGreaterThan(0);
      expect(Object.keys(s.queues ?? {}).sort()).toEqual([
        "deliveriesDue",
        "outboxPending",
        "workflowRunsPending",
      ]);
    }
    const total = data.reduce((n, s) => n + s.tenants, 0);
    const counted = await env.CONTROL_DB.prepare("SELECT count(*) AS n FROM tenants").first<{ n: number }>();
    expect(total).toBe(counted?.n);
  });
});
