import { describe, expect, it } from "vitest";
import { ago } from "../aml/helpers";
import {
  call,
  createKey,
  createTenant,
  insertAccount,
  insertCustomer,
  insertTransactions,
  json,
  shardRows,
  type TestTenant,
} from "../harness";
import { runScreenJob } from "../monitoring/helpers";
import { fixture, listId, loadList } from "./helpers";

type CaseBody = {
  caseId: string;
  subjectType: string;
  subjectId: string;
  subjectName: string;
  entryRef: string;
  source: string;
  state: string;
  transactionIds: string[];
};
type Hit = { listId: string; entryRef: string; entryName: string; matchedFields: string[] };
type Screening = {
  sanctions: { counterpartyName: string; lists: Record<string, number>; hits: Hit[] } | null;
};

const cases = async (t: TestTenant) =>
  (await json<{ data: CaseBody[] }>(await call("GET", "/v1/sanctions/cases", { key: t.key }))).data;

const preTransaction = async (key: string, customerId: string, counterpartyName?: string) => {
  const res = await call("POST", "/v1/screening/transactions", {
    key,
    body: { customerId, type: "debit", amount: "250.00", currency: "GHS", counterpartyName },
  });
  expect(res.status).toBe(200);
  return (await json<{ screening: Screening }>(res)).screening;
};

describe("transfer counterparties against the sanctions lists", () => {
  it("opens a case on arrival, appends the next transaction, remembers a clearance; pre-transaction answers carry the hits", async () => {
    const id = listId("gh");
    const loaded = await loadList(id, {
      format: "national_csv",
      content: fixture("national.csv"),
      publicationDate: "2026-10-01",
    });
    expect(loaded.status).toBe(201);
    // Arrivals are screened when this test runs the job (no message of its own).
    const t = await createTenant({ name: "Counterparties", settings: { monitoring: { onArrival: false } } });
    const customer = await insertCustomer(t, { type: "individual", name: "Esi Quartey" });
    const account = await insertAccount(t, customer.id);

    // Before the tenant subscribes: nothing is screened, and the answer says so.
    expect((await preTransaction(t.key, customer.id, "Tema Shell Traders Limited")).sanctions).toBeNull();
    expect((await call("PUT", "/v1/sanctions/settings", { key: t.key, body: { lists: [id] } })).status).toBe(
      200,
    );

    const [first, quiet] = await insertTransactions(t, account, [
      { amountMinor: 90_000, transactionDate: ago(2), counterpartyName: "TEMA SHELL TRADERS LIMITED." },
      { amountMinor: 12_000, transactionDate: ago(2), counterpartyName: "Accra Fresh Foods" },
    ]);
    await runScreenJob(t);
    const [opened, ...others] = await cases(t);
    expect(others).toEqual([]);
    expect(opened).toMatchObject({
      subjectType: "counterparty",
      subjectId: "tema shell traders limited",
      subjectName: "TEMA SHELL TRADERS LIMITED.",
      entryRef: "GH-2026-002",
      source: "transaction",
      state: "potential_match",
      transactionIds: [first!.id],
    });
    expect(opened!.transactionIds).not.toContain(quiet!.id);
    const events = await shardRows<{ data: string }>(
      t,
      "SELECT data FROM events WHERE tenant_id = ? AND type = 'sanctions.potential_match'",
      t.id,
    );
    expect(events.map((e) => JSON.parse(e.data))).toMatchObject([
      { caseId: opened!.caseId, subjectType: "counterparty", transactionId: first!.id },
    ]);

    // The same counterparty again (spelled otherwise in case and punctuation): its case is appended to.
    const [second] = await insertTransactions(t, account, [
      { amountMinor: 95_000, transactionDate: ago(1), counterpartyName: "Tema Shell Traders Limited" },
    ]);
    await runScreenJob(t);
    expect(await cases(t)).toMatchObject([
      { caseId: opened!.caseId, transactionIds: [second!.id, first!.id] },
    ]);

    // Before the transaction: the hit, nothing stored; a key without aml:read is not shown it.
    const before = await preTransaction(t.key, customer.id, "Papa Yaw");
    expect(before.sanctions).toMatchObject({
      counterpartyName: "Papa Yaw",
      lists: { [id]: 1 },
      hits: [{ listId: id, entryRef: "GH-2026-001", entryName: "Yaw Boateng Frimpong" }],
    });
    expect(before.sanctions!.hits[0]!.matchedFields).toContain("weakAlias");
    expect((await preTransaction(t.key, customer.id, "Accra Fresh Foods")).sanctions?.hits).toEqual([]);
    expect((await preTransaction(t.key, customer.id)).sanctions).toBeNull();
    const fraudOnly = await createKey(t.id, ["fraud:read"]);
    expect((await preTransaction(fraudOnly.key, customer.id, "Papa Yaw")).sanctions).toBeNull();
    expect(await cases(t)).toHaveLength(1);

    // Cleared as a false positive by two keys: the name raises nothing again for that entry.
    const second_key = await createKey(t.id, ["aml:read", "aml:write"]);
    for (const key of [t.key, second_key.key]) {
      const res = await call("POST", `/v1/sanctions/cases/${opened!.caseId}/decisions`, {
        key,
        body: { decision: "false_positive", reason: "a fuel trader of the same name in Takoradi" },
      });
      expect(res.status).toBe(200);
    }
    await insertTransactions(t, account, [
      { amountMinor: 70_000, transactionDate: ago(0, 2), counterpartyName: "tema shell traders limited" },
    ]);
    await runScreenJob(t);
    expect((await cases(t)).map((c) => c.state)).toEqual(["false_positive"]);
    expect((await preTransaction(t.key, customer.id, "Tema Shell Traders Limited")).sanctions?.hits).toEqual(
      [],
    );
  });
});
