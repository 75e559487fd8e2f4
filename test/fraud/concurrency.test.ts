import { beforeAll, describe, expect, it } from "vitest";
import {
  call,
  createTenant,
  insertAccount,
  insertCustomer,
  insertTransactions,
  json,
  type TestTenant,
} from "../harness";
import { type CaseJson, daysAgo, type EventJson, note, openCase } from "./helpers";

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ shard: 1 });
});

describe("one Durable Object per case", () => {
  it("keeps eventSequence gapless and strictly increasing under concurrent appends", async () => {
    const c = await openCase(t);
    const N = 60;
    const responses = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        call("POST", `/v1/fraud/cases/${c.id}/events`, { key: t.key, body: note(`actor-${i}`, `note ${i}`) }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(N).fill(201));
    const returned = await Promise.all(
      responses.map(async (r) => (await json<{ event: EventJson }>(r)).event.eventSequence),
    );
    expect([...returned].sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, i) => i + 2));

    const events = await json<{ data: EventJson[]; total: number }>(
      await call("GET", `/v1/fraud/cases/${c.id}/events?limit=500`, { key: t.key }),
    );
    expect(events.total).toBe(N + 1);
    expect(events.data.map((e) => e.eventSequence)).toEqual(Array.from({ length: N + 1 }, (_, i) => i + 1));
    const verify = await json<{ valid: boolean; eventCount: number; anchorValid: boolean | null }>(
      await call("GET", `/v1/fraud/cases/${c.id}/verify`, { key: t.key }),
    );
    // Group commit anchors the head of each batch: the last one matches the whole log.
    expect(verify).toMatchObject({ valid: true, eventCount: N + 1, anchorValid: true });
  });

  it("lets exactly one of several concurrent conflicting status changes win", async () => {
    const c = await openCase(t);
    const targets = ["closed_cleared", "closed_suspicious", "closed_reported", "closed_cleared"];
    const statuses = await Promise.all(
      targets.map((newStatus) =>
        call("POST", `/v1/fraud/cases/${c.id}/status`, {
          key: t.key,
          body: { newStatus, actorId: "a" },
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(3);
  });

  it("refused requests in a burst take no sequence number", async () => {
    const c = await openCase(t);
    const bodies = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0
        ? { eventType: "note_added", actorType: "user", actorId: "a" } // no noteContent: 400
        : i === 10
          ? { eventType: "closed", actorType: "user", actorId: "a", newStatus: "closed_cleared" }
          : i % 3 === 1
            ? note("a", `n${i}`)
            : { eventType: "assigned", actorType: "user", actorId: "a", assigneeId: "u1" },
    );
    const responses = await Promise.all(
      bodies.map((body) => call("POST", `/v1/fraud/cases/${c.id}/events`, { key: t.key, body })),
    );
    const accepted = responses.filter((r) => r.status === 201).length;
    expect(responses.every((r) => r.status === 201 || r.status === 400)).toBe(true);
    const events = await json<{ data: EventJson[] }>(
      await call("GET", `/v1/fraud/cases/${c.id}/events?limit=500`, { key: t.key }),
    );
    expect(events.data.map((e) => e.eventSequence)).toEqual(
      Array.from({ length: accepted + 1 }, (_, i) => i + 1),
    );
    // Nothing but notes follows the close.
    const closedAt = events.data.findIndex((e) => e.eventType === "closed");
    expect(closedAt).toBeGreaterThan(0);
    expect(events.data.slice(closedAt + 1).every((e) => e.eventType === "note_added")).toBe(true);
  });
});

describe("POST /v1/fraud/evaluate-and-create", () => {
  let customerId: string;
  beforeAll(async () => {
    const customer = await insertCustomer(t);
    customerId = customer.id;
    const account = await insertAccount(t, customer.id);
    await insertTransactions(
      t,
      account,
      [4_990_000, 4_800_000, 4_650_000, 4_700_000].map((amountMinor, i) => ({
        amountMinor,
        transactionDate: daysAgo(i * 2 + 1),
      })),
    );
  });

  const evaluateAndCreate = (body: Record<string, unknown>) =>
    call("POST", "/v1/fraud/evaluate-and-create", {
      key: t.key,
      body: { entityType: "customer", entityId: customerId, ...body },
    });

  it("creates no case below the threshold or when autoCreateCase is false", async () => {
    const high = await json<{ case: null; caseCreated: boolean; alert: { overallScore: number } }>(
      await evaluateAndCreate({ createCaseThreshold: 100 }),
    );
    expect(high.alert.overallScore).toBeLessThan(100);
    expect(high).toMatchObject({ case: null, caseCreated: false });
    expect(await json(await evaluateAndCreate({ autoCreateCase: false }))).toMatchObject({
      case: null,
      caseCreated: false,
    });
  });

  it("creates a case once, then returns it with caseCreated false", async () => {
    const first = await json<{
      case: CaseJson;
      caseCreated: boolean;
      alert: { alertId: string };
      disclaimer: string;
    }>(await evaluateAndCreate({}));
    expect(first.caseCreated).toBe(true);
    expect(first.case).toMatchObject({
      entityType: "customer",
      entityId: customerId,
      currentStatus: "open",
      alertId: first.alert.alertId,
    });
    expect(first.disclaimer).toBeTruthy();
    const second = await json<{ case: CaseJson; caseCreated: boolean }>(await evaluateAndCreate({}));
    expect(second.caseCreated).toBe(false);
    expect(second.case.id).toBe(first.case.id);

    // Once that case is closed, a new evaluation opens a new one.
    await call("POST", `/v1/fraud/cases/${first.case.id}/status`, {
      key: t.key,
      body: { newStatus: "closed_cleared", actorId: "a" },
    });
    const third = await json<{ case: CaseJson; caseCreated: boolean }>(await evaluateAndCreate({}));
    expect(third.caseCreated).toBe(true);
    expect(third.case.id).not.toBe(first.case.id);
  });

  it("concurrent calls open a single case", async () => {
    const customer = await insertCustomer(t);
    const account = await insertAccount(t, customer.id);
    await insertTransactions(
      t,
      account,
      [4_990_000, 4_800_000, 4_650_000].map((amountMinor, i) => ({
        amountMinor,
        transactionDate: daysAgo(i + 1),
      })),
    );
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("POST", "/v1/fraud/evaluate-and-create", {
          key: t.key,
          body: { entityType: "customer", entityId: customer.id },
        }).then((r) => json<{ caseCreated: boolean; case: CaseJson }>(r)),
      ),
    );
    expect(results.filter((r) => r.caseCreated)).toHaveLength(1);
    expect(new Set(results.map((r) => r.case.id)).size).toBe(1);
  });

  it("404 for an unknown customer", async () => {
    expect((await evaluateAndCreate({ entityId: crypto.randomUUID() })).status).toBe(404);
  });
});
