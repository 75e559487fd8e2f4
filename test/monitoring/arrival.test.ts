import { describe, expect, it } from "vitest";
import { createTenant, shardRows, type TestTenant } from "../harness";
import { account, customer, ingest, transaction } from "../ingest/helpers";
import { eventually } from "../webhooks/helpers";
import { pending, quietTenant, runScreenJob, screenings } from "./helpers";

/** Customer C-1 with account A-1 and `n` transactions through the HTTP ingest endpoint. */
async function ingestCustomer(t: TestTenant, n: number) {
  expect((await ingest(t, "customers", [customer(1)])).status).toBe(200);
  expect((await ingest(t, "accounts", [account(1, "C-1")])).status).toBe(200);
  const batch = Array.from({ length: n }, (_, i) => transaction(i, "A-1"));
  const res = await ingest(t, "transactions", batch);
  expect(res.recordsWritten).toBe(n);
  const [row] = await shardRows<{ id: string }>(t, "SELECT id FROM customers WHERE tenant_id = ?", t.id);
  return { customerId: row.id, batch };
}

describe("screening on arrival", () => {
  it("the queue screens an ingested customer and its account; with onArrival false nothing is sent", async () => {
    const on = await createTenant({ name: "Monitoring on", shard: 1 });
    const off = await quietTenant("Monitoring off");
    const [a, b] = await Promise.all([ingestCustomer(on, 3), ingestCustomer(off, 3)]);

    const screened = await eventually(
      () => screenings(on, a.customerId),
      (rows) => rows.length > 0,
      20_000,
    );
    expect(screened).toMatchObject([{ entity_type: "customer", trigger: "arrival", screenings: 1 }]);
    await eventually(
      () => pending(on),
      (rows) => rows.length === 0,
    );
    expect(await pending(on)).toEqual([]);

    // The other tenant's entities were queued by the same triggers, but no message was sent.
    expect(await screenings(off, b.customerId)).toEqual([]);
    expect((await pending(off)).map((r) => r.entity_type)).toEqual(["account", "customer"]);
  });

  it("debounces: ten transactions of one customer in one batch are one pending row and one screening", async () => {
    const t = await quietTenant("Debounce");
    const { customerId } = await ingestCustomer(t, 10);
    const queued = await pending(t);
    expect(queued.find((r) => r.entity_type === "customer")).toMatchObject({
      entity_id: customerId,
      generation: 10,
    });

    await runScreenJob(t);
    expect(await screenings(t, customerId)).toMatchObject([{ screenings: 1 }]);
    expect(await pending(t)).toEqual([]);
  });

  it("is idempotent: the same message delivered twice screens once", async () => {
    const t = await quietTenant("Idempotent");
    const { customerId } = await ingestCustomer(t, 2);
    await Promise.all([runScreenJob(t), runScreenJob(t)]);
    await runScreenJob(t);
    expect(await screenings(t, customerId)).toMatchObject([{ screenings: 1 }]);
  });

  it("a replayed identical batch queues nothing; a changed transaction queues its entities again", async () => {
    const t = await quietTenant("Replay");
    const { customerId, batch } = await ingestCustomer(t, 3);
    await runScreenJob(t);
    expect(await pending(t)).toEqual([]);

    expect((await ingest(t, "transactions", batch)).recordsWritten).toBe(3);
    expect(await pending(t)).toEqual([]);

    const late = { ...batch[1], amount: "999.00" };
    await ingest(t, "transactions", [late]);
    expect((await pending(t)).map((r) => [r.entity_type, r.generation])).toEqual([
      ["account", 1],
      ["customer", 1],
    ]);
    await runScreenJob(t);
    expect(await screenings(t, customerId)).toMatchObject([{ screenings: 2 }]);
  });
});
