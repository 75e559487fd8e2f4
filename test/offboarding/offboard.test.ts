import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { aml, fraud, post } from "../cases/helpers";
import {
  admin,
  call,
  createTenant,
  insertAccount,
  insertCustomer,
  insertTransactions,
  json,
  type TestTenant,
} from "../harness";
import { driveDeletion, driveExport, objectKeys, rowCounts } from "./helpers";

interface Manifest {
  tables: Record<string, { rows: number; parts: Array<{ file: string; rows: number; sha256: string }> }>;
  objects: Array<{ file: string; source: string; sha256: string }>;
}

const hex = async (bytes: ArrayBuffer) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");

async function seed(t: TestTenant) {
  const customer = await insertCustomer(t, { name: "Kofi Boateng", phone: "+233201234567" });
  const account = await insertAccount(t, customer.id);
  // 1,003 transactions (and the AML case customer's one): more than two export pages of 500.
  const day = new Date(Date.now() - 86_400_000).toISOString();
  await insertTransactions(
    t,
    account,
    Array.from({ length: 1003 }, () => ({ amountMinor: 100, transactionDate: day })),
  );
  const fraudCase = await fraud.open(t);
  expect(
    (await post(t, `/v1/fraud/cases/${fraudCase.id}/notes`, { content: "Called", actorId: "a1" })).status,
  ).toBe(201);
  const amlCase = await aml.open(t);
  await env.FILES.put(`tenants/${t.id}/reports/bhi/${customer.id}/r.pdf`, "pdf bytes");
  await env.FILES.put(`tenants/${t.id}/case-files/fraud/${fraudCase.id}/f1`, "evidence");
  return { fraudCase, amlCase };
}

/** Control tables holding a tenant's operational rows (jobs, storage figures, recounts). */
const CONTROL_TABLES = [
  "job_slots",
  "job_dedupe",
  "job_resumes",
  "tenant_object_usage",
  "tenant_object_recounts",
] as const;

async function controlRowsOf(tenantId: string) {
  const at = new Date().toISOString();
  // A live lease (an expired one is dropped by the next slot taken).
  const expires = new Date(Date.now() + 3_600_000).toISOString();
  await env.CONTROL_DB.batch([
    env.CONTROL_DB.prepare(
      "INSERT INTO job_slots (tenant_id, slot_id, job_type, acquired_at, expires_at) VALUES (?1, 's1', 'aml.backtest', ?2, ?3)",
    ).bind(tenantId, at, expires),
    env.CONTROL_DB.prepare(
      "INSERT INTO job_dedupe (tenant_id, dedupe_key, job_id, created_at) VALUES (?1, 'k1', 'j1', ?2)",
    ).bind(tenantId, at),
    env.CONTROL_DB.prepare(
      "INSERT INTO job_resumes (kind, job_id, tenant_id, resumes, last_step, last_resumed_at) VALUES ('tenant.move', ?1, ?1, 1, 'copy:1', ?2)",
    ).bind(tenantId, at),
    env.CONTROL_DB.prepare(
      "INSERT OR IGNORE INTO tenant_object_usage (tenant_id, kind, objects, bytes, updated_at) VALUES (?1, 'reports', 1, 9, ?2)",
    ).bind(tenantId, at),
  ]);
}

async function controlCounts(tenantId: string) {
  const counts: Record<string, number> = {};
  for (const table of CONTROL_TABLES) {
    const row = await env.CONTROL_DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE tenant_id = ?1`)
      .bind(tenantId)
      .first<{ n: number }>();
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

describe("tenant offboarding", () => {
  let tenant: TestTenant;
  let neighbour: TestTenant;
  let seeded: Awaited<ReturnType<typeof seed>>;
  let neighbourBefore: Record<string, number>;

  beforeAll(async () => {
    tenant = await createTenant({ name: "Leaving Ltd", shard: 0 });
    neighbour = await createTenant({ name: "Staying Ltd", shard: 0 });
    seeded = await seed(tenant);
    await seed(neighbour);
    neighbourBefore = await rowCounts(neighbour);
  }, 180_000);

  it("exports every table page by page with counts equal to the rows stored, and each part's SHA-256", async () => {
    const expected = await rowCounts(tenant);
    expect(expected.transactions).toBe(1003 + 1); // and the AML case's customer's transaction
    const requested = await admin("POST", `/admin/tenants/${tenant.id}/exports`);
    expect(requested.status).toBe(202);
    const { export: started } = await json<{ export: { id: string; status: string } }>(requested);
    expect(started.status).toBe("running");
    expect((await admin("POST", `/admin/tenants/${tenant.id}/exports`)).status).toBe(409);
    const early = await admin("GET", `/admin/tenants/${tenant.id}/exports/${started.id}/files/manifest.json`);
    expect(early.status).toBe(409);

    const turns = await driveExport(tenant, started.id);
    expect(turns).toBeGreaterThan(1);
    const status = await json<{ export: { status: string; progress: { rowsExported: number } } }>(
      await admin("GET", `/admin/tenants/${tenant.id}/exports/${started.id}`),
    );
    const total = Object.values(expected).reduce((a, b) => a + b, 0);
    expect(status.export).toMatchObject({ status: "completed", progress: { rowsExported: total } });

    const base = `/admin/tenants/${tenant.id}/exports/${started.id}/files`;
    const manifest = await json<Manifest>(await admin("GET", `${base}/manifest.json`));
    const counted = Object.fromEntries(
      Object.entries(manifest.tables)
        .filter(([, t]) => t.rows > 0)
        .map(([name, t]) => [name, t.rows]),
    );
    expect(counted).toEqual(expected);
    expect(manifest.tables.transactions.parts).toHaveLength(3);

    // Every part downloads with the digest the manifest lists, and holds its rows.
    const part = manifest.tables.transactions.parts[2];
    const res = await admin("GET", `${base}/${part.file}`);
    expect(res.status).toBe(200);
    const bytes = await res.arrayBuffer();
    expect(await hex(bytes)).toBe(part.sha256);
    // Each download is audited: who took a copy of which file.
    const log = await json<{ data: Array<{ actor: { type: string }; target: unknown; after: unknown }> }>(
      await admin("GET", `/admin/audit-log?tenantId=${tenant.id}&action=tenant.export_downloaded`),
    );
    expect(log.data.map((e) => (e.after as { file: string }).file)).toContain(part.file);
    expect(log.data.find((e) => (e.after as { file: string }).file === part.file)).toMatchObject({
      actor: { type: "operator" },
      target: { type: "tenant_export", id: started.id },
      after: { tenantId: tenant.id, sha256: part.sha256 },
    });
    const lines = new TextDecoder().decode(bytes).trim().split("\n");
    expect(lines).toHaveLength(part.rows);
    expect(JSON.parse(lines[0])).toMatchObject({ tenant_id: tenant.id });
    // Each line is the row exactly as stored: every column (the generated flow_kind too), nothing added.
    const exported = JSON.parse(lines[0]) as { id: string };
    const asStored = await env.SHARD_0.prepare("SELECT * FROM transactions WHERE id = ?1")
      .bind(exported.id)
      .first();
    expect(Object.keys(asStored ?? {})).toContain("flow_kind");
    expect(exported).toEqual(asStored);

    // The case logs travel with their chains.
    const events = manifest.tables.fraud_case_events.parts[0];
    const eventLines = (await (await admin("GET", `${base}/${events.file}`)).text()).trim().split("\n");
    expect(eventLines.map((l) => JSON.parse(l).hash)).toHaveLength(2);
    expect(manifest.tables.aml_case_history.rows).toBeGreaterThan(0);

    // R2 objects are copied with their source key.
    const stored = (await objectKeys(tenant.id)).filter((k) => !k.includes("/exports/"));
    expect(stored).toContain(`tenants/${tenant.id}/case-files/fraud/${seeded.fraudCase.id}/f1`);
    expect(manifest.objects.map((o) => o.source).sort()).toEqual(stored.sort());
    const object = manifest.objects[0];
    expect(await hex(await (await admin("GET", `${base}/${object.file}`)).arrayBuffer())).toBe(object.sha256);
  }, 120_000);

  it("deletes a tenant: keys refused at once, then no rows, no objects, empty case objects; a tombstone stays", async () => {
    // The case object has cached its head (the note above went through it).
    const stub = () => env.FRAUD_CASE.get(env.FRAUD_CASE.idFromName(seeded.fraudCase.id));
    const cached = await runInDurableObject(stub(), (o) => (o as unknown as { head: unknown }).head);
    expect(cached).not.toBeNull();

    // Control rows of its jobs and storage figures, as running jobs and uploads leave them (and the neighbour's).
    for (const t of [tenant, neighbour]) await controlRowsOf(t.id);
    const recount = await admin("POST", `/admin/tenants/${tenant.id}/object-recounts`);
    expect(recount.status).toBe(202);
    // Its job ends before the deletion starts: a job still running then holds a slot row until it ends.
    const { recount: started } = await json<{ recount: { id: string } }>(recount);
    for (let i = 0; i < 100; i++) {
      const { recount: now } = await json<{ recount: { status: string } }>(
        await admin("GET", `/admin/tenants/${tenant.id}/object-recounts/${started.id}`),
      );
      if (now.status !== "running") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const neighbourControl = await controlCounts(neighbour.id);
    expect(
      Object.values(await controlCounts(tenant.id)).every((n) => n > 0),
      JSON.stringify(await controlCounts(tenant.id)),
    ).toBe(true);

    const deleted = await admin("DELETE", `/admin/tenants/${tenant.id}`);
    expect(deleted.status).toBe(202);
    expect((await call("GET", "/v1/customers", { key: tenant.key })).status).toBe(401);
    expect((await admin("GET", `/admin/tenants/${tenant.id}`)).status).toBe(404);
    expect(
      (await admin("POST", `/admin/tenants/${tenant.id}/keys`, { name: "again", scopes: ["*"] })).status,
    ).toBe(404);

    await driveDeletion(tenant.id);
    expect(await rowCounts(tenant)).toEqual({});
    expect(await objectKeys(tenant.id)).toEqual([]);
    const after = await runInDurableObject(stub(), async (o, state) => ({
      head: (o as unknown as { head: unknown }).head,
      stored: (await state.storage.list()).size,
    }));
    expect(after).toEqual({ head: null, stored: 0 });

    const { deletion } = await json<{
      deletion: Record<string, unknown> & { removed: Record<string, number> };
    }>(await admin("GET", `/admin/tenants/${tenant.id}/deletion`));
    expect(deletion).toMatchObject({ status: "deleted", phase: "done", deletedBy: "bootstrap" });
    expect(deletion.removed.transactions).toBe(1004);
    expect(deletion.removed.durableObjects).toBe(1);
    expect(deletion.removed.r2Objects).toBeGreaterThanOrEqual(3); // 2 seeded + the export's parts

    // No control row of it is left but the tombstone (and the operator audit log). A job of it
    // still running (its arrival screening or network scan) holds its slot row until it ends.
    let left = await controlCounts(tenant.id);
    for (let i = 0; i < 100 && left.job_slots > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      left = await controlCounts(tenant.id);
    }
    expect(
      Object.values(left).every((n) => n === 0),
      JSON.stringify(left),
    ).toBe(true);
    expect(await controlCounts(neighbour.id)).toEqual(neighbourControl);

    // The neighbour on the same shard is untouched.
    expect(await rowCounts(neighbour)).toEqual(neighbourBefore);
    expect((await call("GET", "/v1/customers", { key: neighbour.key })).status).toBe(200);
  }, 120_000);
});

describe("deleting a tenant twice", () => {
  it("four DELETEs at once: the same 202 each, one tombstone, one audit entry, one deletion", async () => {
    const tenant = await createTenant({ name: "Deleted four times" });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => admin("DELETE", `/admin/tenants/${tenant.id}`)),
    );
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202, 202]);
    const bodies = await Promise.all(
      answers.map(async (r) => (await json<{ deletion: { deletedAt: string } }>(r)).deletion),
    );
    for (const body of bodies) expect(body.deletedAt).toBe(bodies[0].deletedAt);
    const stored = await env.CONTROL_DB.prepare(
      "SELECT (SELECT count(*) FROM tenant_tombstones WHERE tenant_id = ?1) AS tombstones, " +
        "(SELECT count(*) FROM audit_log WHERE target_id = ?1 AND action = 'tenant.deleted') AS entries",
    )
      .bind(tenant.id)
      .first();
    expect(stored).toEqual({ tombstones: 1, entries: 1 });
    await driveDeletion(tenant.id);
    // A repeat after it completed answers the deletion as stored, not a 404 or a 500.
    const again = await admin("DELETE", `/admin/tenants/${tenant.id}`);
    expect(again.status).toBe(202);
    expect((await json<{ deletion: { status: string } }>(again)).deletion.status).toBe("deleted");
    expect((await call("GET", "/v1/customers", { key: tenant.key })).status).toBe(401);
  });
});
