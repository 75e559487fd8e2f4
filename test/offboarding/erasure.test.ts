import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { systemShardBinding } from "../../src/db/system-db";
import { tenantTables } from "../../src/db/tenant-table-list";
import { aml, fraud, post } from "../cases/helpers";
import {
  call,
  createTenant,
  insertAccount,
  insertCustomer,
  insertTransactions,
  json,
  type TestTenant,
} from "../harness";
import { driveErasure } from "./helpers";

const NAME = "Abena Owusu-Ansah";
const PHONE = "+233244111222";
const EMAIL = "abena.oa@example.com";
const CARD = "GHA-724411122-3";

/** Every row of the tenant in every table, as text, that holds one of the values (with the table). */
async function mentions(t: TestTenant, values: string[]) {
  const found: string[] = [];
  for (const table of tenantTables()) {
    const { results } = await systemShardBinding(env, t.shard)
      .prepare(`SELECT * FROM "${table.name}" WHERE tenant_id = ?1`)
      .bind(t.id)
      .all();
    for (const row of results) {
      const text = JSON.stringify(row);
      for (const v of values)
        if (text.includes(v) || text.includes(JSON.stringify(v).slice(1, -1)))
          found.push(`${table.name}: ${v}`);
    }
  }
  return found;
}

const transactionTotal = async (t: TestTenant) =>
  systemShardBinding(env, t.shard)
    .prepare("SELECT count(*) AS n, sum(amount_minor) AS total FROM transactions WHERE tenant_id = ?1")
    .bind(t.id)
    .first<{ n: number; total: number }>();

describe("per-customer erasure", () => {
  let t: TestTenant;
  let subjectId: string;
  let fraudCaseId: string;
  let amlCaseId: string;

  beforeAll(async () => {
    t = await createTenant({ name: "Erasure bank" });
    const subject = await insertCustomer(t, {
      name: NAME,
      phone: PHONE,
      email: EMAIL,
      type: "individual",
      businessInfo: { ghanaCard: CARD, sector: "retail" },
    });
    subjectId = subject.id;
    const account = await insertAccount(t, subject.id, { name: `${NAME} savings` });
    const day = new Date(Date.now() - 86_400_000).toISOString();
    await insertTransactions(t, account, [
      { amountMinor: 12_500, transactionDate: day, description: `Transfer from ${NAME}` },
    ]);
    // Another customer's transaction names the subject as counterparty.
    const other = await insertCustomer(t, { name: "Yaw Darko" });
    const otherAccount = await insertAccount(t, other.id);
    await insertTransactions(t, otherAccount, [
      { amountMinor: 7_000, transactionDate: day, counterpartyName: NAME, counterpartyAccount: PHONE },
    ]);
    const fraudCase = await fraud.open(t);
    fraudCaseId = fraudCase.id;
    const note = `Called ${NAME} on ${PHONE}; she confirmed the transfer`;
    expect(
      (await post(t, `/v1/fraud/cases/${fraudCase.id}/notes`, { content: note, actorId: "analyst" })).status,
    ).toBe(201);
    expect(
      (await post(t, `/v1/fraud/cases/${fraudCase.id}/notes`, { content: "Escalating", actorId: "analyst" }))
        .status,
    ).toBe(201);
    amlCaseId = (await aml.open(t)).id;
    expect(
      (
        await post(t, `/v1/kyc-aml/cases/${amlCaseId}/notes`, {
          content: `Related party: ${NAME}`,
          actorId: "analyst",
        })
      ).ok,
    ).toBe(true);
    await env.FILES.put(`tenants/${t.id}/reports/bhi/${subject.id}/r-v1.pdf`, `BHI report for ${NAME}`);
  }, 120_000);

  it("erases the customer's personal values in its rows, keeps transactions and case logs byte for byte", async () => {
    expect((await mentions(t, [NAME, PHONE, EMAIL, CARD])).length).toBeGreaterThan(5);
    const before = await transactionTotal(t);

    const res = await call("POST", `/v1/customers/${subjectId}/erasure`, { key: t.key });
    expect(res.status).toBe(202);
    const { erasure } = await json<{ erasure: { id: string; status: string } }>(res);
    expect(erasure.status).toBe("running");
    await driveErasure(t, erasure.id);

    const done = await json<{
      erasure: {
        status: string;
        progress: { rowsRedacted: number; objectsDeleted: number };
        kept: Array<{ category: string; legalBasis: string }>;
      };
    }>(await call("GET", `/v1/erasures/${erasure.id}`, { key: t.key }));
    expect(done.erasure).toMatchObject({ status: "completed", progress: { objectsDeleted: 1 } });
    // No table holds a readable value: the case notes were sealed under their case customer's key
    // when written (the chained logs are kept, byte for byte, and listed as kept: Act 1044).
    expect(await mentions(t, [NAME, PHONE, EMAIL, CARD])).toEqual([]);
    expect(done.erasure.kept.map((k) => k.category)).toContain(
      "fraud and AML case logs (notes, events, case rows)",
    );
    expect(done.erasure.kept.every((k) => /Act 1044/.test(k.legalBasis))).toBe(true);
    expect(await transactionTotal(t)).toEqual(before);
    // The completion is audited once, by the system, naming the customer by id only.
    const log = await json<{ data: Array<{ actor: { type: string }; target: unknown; after: unknown }> }>(
      await call("GET", "/v1/audit-log?action=customer.erased", { key: t.key }),
    );
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({
      actor: { type: "system" },
      target: { type: "customer", id: subjectId },
      after: { erasureId: erasure.id, objectsDeleted: 1 },
    });

    const customer = await json<{ customer: { name: string; phone: string | null } }>(
      await call("GET", `/v1/customers/${subjectId}`, { key: t.key }),
    );
    expect(customer.customer.name).toBe("[erased]");

    const verified = await json<{ valid: boolean; eventCount: number }>(
      await call("GET", `/v1/fraud/cases/${fraudCaseId}/verify`, { key: t.key }),
    );
    expect(verified).toMatchObject({ valid: true, eventCount: 3 });
    expect(await aml.chainValid(t, amlCaseId)).toBe(true);

    // No entry was rewritten or marked redacted: every one verifies from its content.
    const marked = await systemShardBinding(env, t.shard)
      .prepare("SELECT count(*) AS n FROM fraud_case_events WHERE case_id = ?1 AND redacted_at IS NOT NULL")
      .bind(fraudCaseId)
      .first<{ n: number }>();
    expect(marked?.n).toBe(0);
  }, 120_000);

  it("answers 404 for another tenant's customer and erasure", async () => {
    const other = await createTenant({ name: "Other bank" });
    expect((await call("POST", `/v1/customers/${subjectId}/erasure`, { key: other.key })).status).toBe(404);
  });
});
