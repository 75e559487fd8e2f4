import { beforeAll, describe, expect, it } from "vitest";
import { admin, call, createTenant, json, shardRows, type TestTenant } from "../harness";
import { customer } from "../ingest/helpers";
import { expectChainsVerify, type MoveJson, nonEmpty, rowsOn, seedTenant } from "./helpers";

let t: TestTenant;
let seeded: Awaited<ReturnType<typeof seedTenant>>;
beforeAll(async () => {
  t = await createTenant({ name: "Moved online", shard: 0 });
  seeded = await seedTenant(t, 1_500);
});

const getMove = async (moveId: string) =>
  (await json<{ move: MoveJson }>(await admin("GET", `/admin/tenants/${t.id}/moves/${moveId}`))).move;

describe("moving a tenant while a client keeps writing", () => {
  it("lands or refuses with a retryable 503 every write, loses none, verifies and empties the old shard", async () => {
    const caseId = seeded.fraudCaseIds[1];
    const eventsBefore = (
      await json<{ eventCount: number }>(
        await call("GET", `/v1/fraud/cases/${caseId}/verify`, { key: t.key }),
      )
    ).eventCount;
    const started = await admin("POST", `/admin/tenants/${t.id}/moves`, { targetShard: 1 });
    expect(started.status).toBe(202);
    const moveId = (await json<{ move: MoveJson }>(started)).move.id;

    let landedCustomers = 0;
    let landedNotes = 0;
    let refused = 0;
    let move = await getMove(moveId);
    const until = Date.now() + 25_000;
    for (let i = 0; move.state === "running" && Date.now() < until; i++) {
      const write =
        i % 2 === 0
          ? await call("POST", "/v1/ingest/customers", {
              key: t.key,
              body: [customer(i, { name: `Writer ${i}` })],
            })
          : await call("POST", `/v1/fraud/cases/${caseId}/notes`, {
              key: t.key,
              body: { content: `n${i}`, actorId: "w" },
            });
      if (write.status === 503) {
        refused++;
        expect(Number(write.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect((await json<{ error: { code: string } }>(write)).error.code).toBe("unavailable");
      } else {
        expect([200, 201]).toContain(write.status);
        if (i % 2 === 0) landedCustomers++;
        else landedNotes++;
      }
      // Reads go on throughout, fence included.
      expect((await call("GET", `/v1/customers/${seeded.customerId}`, { key: t.key })).status).toBe(200);
      move = await getMove(moveId);
    }
    expect(move.state, move.error ?? "").toBe("succeeded");
    expect(move.verified).toBe(true);
    expect(refused).toBeGreaterThan(0);
    expect(move.fenceSeconds).toBeGreaterThan(0);

    const tenant = await json<{ tenant: { shard: number } }>(await admin("GET", `/admin/tenants/${t.id}`));
    expect(tenant.tenant.shard).toBe(1);
    const moved = { ...t, shard: 1 };
    const writers = await shardRows<{ n: number }>(
      moved,
      "SELECT count(*) AS n FROM customers WHERE tenant_id = ? AND external_source = 'core'",
      t.id,
    );
    expect(writers[0].n).toBe(landedCustomers);
    const events = (
      await json<{ eventCount: number }>(
        await call("GET", `/v1/fraud/cases/${caseId}/verify`, { key: t.key }),
      )
    ).eventCount;
    expect(events).toBe(eventsBefore + landedNotes);

    for (const table of move.tables) {
      expect(table.targetRows, table.table).toBe(table.sourceRows);
      expect(table.targetHash, table.table).toBe(table.sourceHash);
      // Nothing wrote to the old shard after the verified pass: the cleanup removed exactly those
      // rows (counted per deleted row, not per row a delete trigger also touched).
      expect(table.removed, table.table).toBe(table.sourceRows);
    }
    expect(move.tables.find((x) => x.table === "transactions")?.targetRows).toBe(1_501);
    expect(nonEmpty(await rowsOn(0, t.id))).toEqual({});
    expect((await rowsOn(1, t.id)).transactions).toBe(1_501);
    await expectChainsVerify(t, seeded);
    // The search index was rebuilt on the new shard as the customers arrived.
    const found = await json<{ data: Array<{ name: string }> }>(
      await call("GET", "/v1/customers?search=Ama%20Mensah", { key: t.key }),
    );
    expect(found.data.map((c) => c.name)).toEqual(["Ama Mensah"]);
  }, 40_000);

  it("refuses a move to the tenant's own shard, to a shard that does not exist, and unknown tenants or moves", async () => {
    const other = await createTenant({ shard: 0 });
    expect((await admin("POST", `/admin/tenants/${other.id}/moves`, { targetShard: 0 })).status).toBe(409);
    const bad = await admin("POST", `/admin/tenants/${other.id}/moves`, { targetShard: 99 });
    expect(bad.status).toBe(400);
    expect((await json<{ error: { details: Array<{ path: string }> } }>(bad)).error.details[0].path).toBe(
      "targetShard",
    );
    expect(
      (await admin("POST", `/admin/tenants/${crypto.randomUUID()}/moves`, { targetShard: 1 })).status,
    ).toBe(404);
    expect((await admin("GET", `/admin/tenants/${other.id}/moves/${crypto.randomUUID()}`)).status).toBe(404);
    expect(
      (await call("POST", `/admin/tenants/${other.id}/moves`, { body: { targetShard: 1 } })).status,
    ).toBe(401);
  });
});
