import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { BYTES_PER_ROW, MEASURED_TABLES } from "../../src/modules/usage/domain/quota";
import { aml, fraud, post } from "../cases/helpers";
import { call, createTenant, insertCustomer } from "../harness";
import { eventually, subscribe } from "../webhooks/helpers";

/** Copies of each table's row, and the columns each copy must change to stay unique. */
const COPIES = 400;
const fresh = () => crypto.randomUUID();
const UNIQUE: Record<(typeof MEASURED_TABLES)[number], Record<string, (i: number) => unknown>> = {
  loans: { id: fresh, external_id: (i) => `LX${i}` },
  loan_installments: { seq: (i) => 1_000 + i },
  loan_repayments: { id: fresh, external_id: (i) => `RX${i}` },
  fraud_case_events: { id: fresh, event_sequence: (i) => 1_000 + i },
  aml_case_history: { id: fresh, sequence: (i) => 1_000 + i },
  events: { id: fresh },
  webhook_deliveries: { id: fresh, event_id: fresh },
  webhook_delivery_attempts: { id: fresh, attempt_number: (i) => 1_000 + i },
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const NOTE = "Customer called about the transfer; confirmed it was theirs.";

/** One real row of each measured table, written through the API. */
async function seed() {
  const t = await createTenant({ shard: 0 });
  await insertCustomer(t, { externalSource: "core", externalId: "C1" });
  await subscribe(t, "https://hooks.example.com/in");
  const schedule = Array.from({ length: 12 }, (_, i) => ({
    dueDate: day(20 + 30 * i),
    principal: "100.00",
    interest: "2.00",
    fee: "1.00",
  }));
  const loan = { externalId: "L0", externalSource: "core", customerExternalId: "C1", product: "micro" };
  const loans = [
    { ...loan, principal: "1200.00", interestRate: "24", termCount: 12, disbursementDate: day(-10) },
  ];
  const withSchedule = loans.map((l) => ({
    ...l,
    currency: "GHS",
    branch: "Accra",
    officer: "ama",
    schedule,
  }));
  expect((await call("POST", "/v1/ingest/loans", { key: t.key, body: withSchedule })).status).toBe(200);
  const repayment = { externalId: "R0", externalSource: "core", loanExternalId: "L0", amount: "50.00" };
  const repayments = [{ ...repayment, currency: "GHS", paidOn: day(-1) }];
  expect((await call("POST", "/v1/ingest/loan-repayments", { key: t.key, body: repayments })).status).toBe(
    200,
  );
  const fraudCase = await fraud.open(t);
  await post(t, `/v1/fraud/cases/${fraudCase.id}/notes`, { content: NOTE, actorId: "analyst-1" });
  const amlCase = await aml.open(t);
  await post(t, `/v1/kyc-aml/cases/${amlCase.id}/notes`, { content: NOTE, actorId: "analyst-1" });
  await eventually(
    async () =>
      (
        await env.SHARD_0.prepare("SELECT count(*) AS n FROM webhook_delivery_attempts WHERE tenant_id = ?1")
          .bind(t.id)
          .first<{ n: number }>()
      )?.n ?? 0,
    (n) => n > 0,
    20_000,
  );
  return t;
}

it("estimates each measured table's bytes per row at or above D1's growth per row, within 1.5 times", async () => {
  const t = await seed();
  const db = env.SHARD_0;
  const size = async () => (await db.prepare("SELECT 1").run()).meta.size_after;
  // The chain guards are off for this tenant (as during a move's copy): copies need not follow a chain.
  await db
    .prepare("INSERT INTO maintenance_permits (tenant_id, kind, created_at) VALUES (?1, 'move_in', ?2)")
    .bind(t.id, new Date().toISOString())
    .run();
  const grown: Record<string, number> = {};
  for (const table of MEASURED_TABLES) {
    const row = await db
      .prepare(`SELECT * FROM "${table}" WHERE tenant_id = ?1 ORDER BY rowid DESC LIMIT 1`)
      .bind(t.id)
      .first<Record<string, unknown>>();
    expect(row, table).not.toBeNull();
    const columns = Object.keys(row as object);
    const insert = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map((_, k) => `?${k + 1}`).join(", ")})`;
    const before = await size();
    for (let from = 0; from < COPIES; from += 20) {
      const copies = Array.from({ length: 20 }, (_, k) =>
        db
          .prepare(insert)
          .bind(...columns.map((c) => UNIQUE[table][c]?.(from + k) ?? (row as Record<string, unknown>)[c])),
      );
      await db.batch(copies);
    }
    grown[table] = Math.round(((await size()) - before) / COPIES);
  }
  console.warn(`bytes per row grown on the shard: ${JSON.stringify(grown)}`);
  for (const table of MEASURED_TABLES) {
    expect(BYTES_PER_ROW[table], table).toBeGreaterThanOrEqual(grown[table]);
    expect(BYTES_PER_ROW[table], table).toBeLessThanOrEqual(1.5 * grown[table]);
  }
}, 120_000);
