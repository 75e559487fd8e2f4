import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { fraud, post } from "../cases/helpers";
import { TEST_ADMIN_TOKEN } from "../constants";
import { caseBody } from "../fraud/helpers";
import {
  call,
  createTenant,
  insertAccount,
  insertCustomer,
  insertTransactions,
  json,
  shardRows,
  type TestTenant,
} from "../harness";
import { addEntries, createList } from "../lists/helpers";
import { receiverUrl } from "../webhooks/helpers";
import { driveErasure } from "./helpers";

/**
 * Issue 35: an erasure touches the subject's rows and the declared personal columns only
 * (src/db/personal-columns.ts). A key that can ingest a customer named like an audit action or
 * like words of a case note must not be able to rewrite either by erasing that customer.
 */

interface Erasure {
  id: string;
  status: string;
  erased: Array<{ category: string; legalBasis: string }>;
  kept: Array<{ category: string; reason: string; legalBasis: string }>;
}

async function erase(t: TestTenant, customerId: string): Promise<Erasure> {
  const res = await call("POST", `/v1/customers/${customerId}/erasure`, { key: t.key });
  expect(res.status).toBe(202);
  const { erasure } = await json<{ erasure: Erasure }>(res);
  await driveErasure(t, erasure.id);
  return (await json<{ erasure: Erasure }>(await call("GET", `/v1/erasures/${erasure.id}`, { key: t.key })))
    .erasure;
}

const auditVerify = async (t: TestTenant) =>
  json<{ valid: boolean; checked: number; firstBrokenAt: unknown }>(
    await call("GET", `/admin/audit-log/verify?tenantId=${t.id}`, { key: TEST_ADMIN_TOKEN }),
  );

const notesOf = async (caseId: string) =>
  (
    await json<{ case: { events: Array<{ eventType: string; noteContent: string | null }> } }>(
      await call("GET", `/v1/fraud/cases/${caseId}`, { key: t.key }),
    )
  ).case.events
    .filter((e) => e.eventType === "note_added")
    .map((e) => e.noteContent);

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "Erasure history bank", shard: 0 });
});

describe("an erasure never rewrites history", () => {
  it("a customer named like an audit action leaves the audit log as it was, and verifiable", async () => {
    const created = await call("POST", "/v1/webhooks/subscriptions", {
      key: t.key,
      body: { url: receiverUrl("ok"), eventTypes: ["bhi.calculated"] },
    });
    expect(created.status).toBe(201);
    const actions = () =>
      shardRows<{ id: string; action: string; after: string }>(
        t,
        "SELECT id, action, after FROM tenant_audit_log WHERE tenant_id = ?1 AND target_type = 'webhook_subscription'",
        t.id,
      );
    const before = await actions();
    expect(before.map((r) => r.action)).toEqual(["webhook_subscription.created"]);
    expect((await auditVerify(t)).valid).toBe(true);

    const subject = await insertCustomer(t, { name: "webhook_subscription.created" });
    const erasure = await erase(t, subject.id);
    expect(erasure.status).toBe("completed");

    expect(await actions()).toEqual(before);
    expect(await auditVerify(t)).toMatchObject({ valid: true, firstBrokenAt: null });
    expect(erasure.kept.map((k) => k.category)).toContain("audit log");
  });

  it("a customer named like words of a case note leaves the note as it was, and the case verifiable", async () => {
    const fraudCase = await fraud.open(t);
    const note = "Called the branch manager to confirm the transfer";
    expect(
      (await post(t, `/v1/fraud/cases/${fraudCase.id}/notes`, { content: note, actorId: "analyst" })).status,
    ).toBe(201);
    const stored = () =>
      shardRows<{ note_content: string; redacted_at: string | null }>(
        t,
        "SELECT note_content, redacted_at FROM fraud_case_events WHERE case_id = ?1 AND event_type = 'note_added'",
        fraudCase.id,
      );
    const before = await stored();
    const subject = await insertCustomer(t, { name: "the branch manager" });
    await erase(t, subject.id);

    expect(await stored()).toEqual(before);
    expect(before[0].redacted_at).toBeNull();
    expect(await notesOf(fraudCase.id)).toEqual([note]);
    const verified = await json<{ valid: boolean; anchorValid: boolean | null }>(
      await call("GET", `/v1/fraud/cases/${fraudCase.id}/verify`, { key: t.key }),
    );
    expect(verified).toMatchObject({ valid: true, anchorValid: true });
    // The shard refuses it too: an erasure permit no longer opens a case log (shard 0046).
    const db = env.SHARD_0;
    await expect(
      db.batch([
        db.prepare("INSERT INTO maintenance_permits (tenant_id, kind) VALUES (?1, 'erasure')").bind(t.id),
        db
          .prepare("UPDATE fraud_case_events SET note_content = '[erased]' WHERE case_id = ?1")
          .bind(fraudCase.id),
        db.prepare("DELETE FROM maintenance_permits WHERE tenant_id = ?1 AND kind = 'erasure'").bind(t.id),
      ]),
    ).rejects.toThrow(/append-only/);
  });

  it("a note about the subject is sealed under its key: erasure deletes the key, the log stays as written", async () => {
    const subject = await insertCustomer(t, { name: "Akosua Frimpong", phone: "0201112233" });
    const res = await call("POST", "/v1/fraud/cases", {
      key: t.key,
      body: caseBody({ entityId: subject.id }),
    });
    expect(res.status).toBe(201);
    const caseId = (await json<{ case: { id: string } }>(res)).case.id;
    const note = "Spoke to Akosua Frimpong on 0201112233";
    const added = await post(t, `/v1/fraud/cases/${caseId}/notes`, { content: note, actorId: "analyst" });
    expect(added.status).toBe(201);
    expect(await notesOf(caseId)).toEqual([note]);
    const stored = () =>
      shardRows<{ note_content: string }>(
        t,
        "SELECT note_content FROM fraud_case_events WHERE case_id = ?1 AND event_type = 'note_added'",
        caseId,
      );
    const before = await stored();
    expect(before[0].note_content).toMatch(/^subject:v1:/);
    expect(JSON.stringify(before)).not.toMatch(/Akosua|0201112233/);

    await erase(t, subject.id);

    expect(await stored()).toEqual(before);
    expect(await notesOf(caseId)).toEqual(["[erased]"]);
    const verified = await json<{ valid: boolean; anchorValid: boolean | null }>(
      await call("GET", `/v1/fraud/cases/${caseId}/verify`, { key: t.key }),
    );
    expect(verified).toMatchObject({ valid: true, anchorValid: true });
  });

  it("a note on another customer's case naming the subject becomes unreadable when the subject is erased", async () => {
    const subject = await insertCustomer(t, {
      name: "Abena Owusu-Darko",
      email: "abena.od@example.com",
      phone: "0244556677",
    });
    const other = await insertCustomer(t, { name: "Kojo Antwi Boateng" });
    const res = await call("POST", "/v1/fraud/cases", { key: t.key, body: caseBody({ entityId: other.id }) });
    expect(res.status).toBe(201);
    const caseId = (await json<{ case: { id: string } }>(res)).case.id;
    // Upper-case e-mail, spaced international phone, the name: each names the subject.
    const notes = [
      "Funds forwarded to ABENA.OD@EXAMPLE.COM the same day",
      "Beneficiary reached on +233 24 455 6677",
      "Kojo says abena owusu-darko collected the cash",
      "Kojo confirmed the transfer himself",
    ];
    for (const content of notes)
      expect((await post(t, `/v1/fraud/cases/${caseId}/notes`, { content, actorId: "analyst" })).status).toBe(
        201,
      );
    expect(await notesOf(caseId)).toEqual(notes);
    const stored = () =>
      shardRows<{ note_content: string }>(
        t,
        "SELECT note_content FROM fraud_case_events WHERE case_id = ?1 AND event_type = 'note_added' ORDER BY event_sequence",
        caseId,
      );
    const before = await stored();
    expect(JSON.stringify(before)).not.toMatch(/abena|4455|455 6677/i);

    await erase(t, subject.id);

    // B's log as written, byte for byte; what named A reads [erased], the rest still reads.
    expect(await stored()).toEqual(before);
    expect(await notesOf(caseId)).toEqual(["[erased]", "[erased]", "[erased]", notes[3]]);
    const verified = await json<{ valid: boolean; anchorValid: boolean | null }>(
      await call("GET", `/v1/fraud/cases/${caseId}/verify`, { key: t.key }),
    );
    expect(verified).toMatchObject({ valid: true, anchorValid: true });
  });

  it("an AML note about the subject is sealed too: it reads [erased] afterwards, the history verifies", async () => {
    const subject = await insertCustomer(t, { name: "Kwabena Ofori" });
    const account = await insertAccount(t, subject.id);
    const day = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await insertTransactions(t, account, [{ amountMinor: 6_000_000, transactionDate: day, channel: "cash" }]);
    const evaluated = await json<{ result: { cases: Array<{ caseId: string }> } }>(
      await call("POST", "/v1/kyc-aml/evaluate", {
        key: t.key,
        body: { entityType: "customer", entityId: subject.id, ruleIds: ["AML-LCT-001"] },
      }),
    );
    const caseId = evaluated.result.cases[0].caseId;
    const note = "Kwabena Ofori says the cash came from a land sale";
    expect(
      (await post(t, `/v1/kyc-aml/cases/${caseId}/notes`, { content: note, actorId: "analyst" })).ok,
    ).toBe(true);
    const history = async () =>
      json<{ case: { history: Array<{ eventType: string; note: string | null }>; chainValid: boolean } }>(
        await call("GET", `/v1/kyc-aml/cases/${caseId}`, { key: t.key }),
      );
    const notes = async () =>
      (await history()).case.history.filter((e) => e.eventType === "note_added").map((e) => e.note);
    expect(await notes()).toEqual([note]);
    const stored = () =>
      shardRows<{ note: string }>(
        t,
        "SELECT note FROM aml_case_history WHERE case_id = ?1 AND event_type = 'note_added'",
        caseId,
      );
    const before = await stored();
    expect(JSON.stringify(before)).not.toContain("Kwabena");

    await erase(t, subject.id);

    expect(await stored()).toEqual(before);
    expect(await notes()).toEqual(["[erased]"]);
    expect((await history()).case.chainValid).toBe(true);
  });

  it("list entries and counterparties written for the subject lose their values, in any case or phone form", async () => {
    const subject = await insertCustomer(t, {
      name: "Abena Mensah",
      phone: "0248706383",
      email: "Abena.M@Example.com",
    });
    const names = await createList(t, { name: "Erasure names", kind: "watchlist", entryType: "name" });
    const phones = await createList(t, { name: "Erasure phones", kind: "watchlist", entryType: "phone" });
    await addEntries(t, names.listId, [{ value: "ABENA   MENSAH" }, { value: "Yaw Darko" }]);
    await addEntries(t, phones.listId, [{ value: "+233 24 870 6383" }]);
    const other = await insertCustomer(t, { name: "Kojo Asante" });
    const account = await insertAccount(t, other.id);
    const day = new Date(Date.now() - 86_400_000).toISOString();
    await insertTransactions(t, account, [
      {
        amountMinor: 5_000,
        transactionDate: day,
        counterpartyName: "abena mensah",
        counterpartyAccount: "+233248706383",
      },
    ]);

    await erase(t, subject.id);

    const entries = await shardRows<{ value: string; original_value: string }>(
      t,
      "SELECT value, original_value FROM list_entries WHERE tenant_id = ?1 AND list_id IN (?2, ?3) ORDER BY created_at, value",
      t.id,
      names.listId,
      phones.listId,
    );
    const left = JSON.stringify(entries).toLowerCase();
    for (const form of ["abena", "mensah", "233248706383", "0248706383"]) expect(left).not.toContain(form);
    expect(entries.filter((e) => e.value.startsWith("[erased]"))).toHaveLength(2);
    expect(left).toContain("yaw darko"); // another person's entry is untouched
    const history = await shardRows<{ value: string | null }>(
      t,
      "SELECT value FROM list_history WHERE tenant_id = ?1 AND list_id IN (?2, ?3)",
      t.id,
      names.listId,
      phones.listId,
    );
    expect(JSON.stringify(history).toLowerCase()).not.toMatch(/abena|233248706383/);
    const counterparty = await shardRows<{ counterparty_name: string; counterparty_account: string }>(
      t,
      "SELECT counterparty_name, counterparty_account FROM transactions WHERE tenant_id = ?1 AND customer_id = ?2",
      t.id,
      other.id,
    );
    expect(counterparty).toEqual([{ counterparty_name: "[erased]", counterparty_account: "[erased]" }]);
  });

  it("the idempotency cache no longer replays an answer that names the subject", async () => {
    const list = await createList(t, { name: "Erasure cached", kind: "watchlist", entryType: "name" });
    const key = crypto.randomUUID();
    const add = () =>
      call("POST", `/v1/lists/${list.listId}/entries`, {
        key: t.key,
        body: { entries: [{ value: "Kofi Boateng" }] },
        headers: { "idempotency-key": key },
      });
    expect((await add()).status).toBe(200);
    const replay = await add();
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(JSON.stringify(await replay.json())).toContain("Kofi Boateng");
    // Stored sealed (the SQL sweep cannot read it): the job opens each answer to find the subject.
    const cached = () =>
      shardRows<{ n: number }>(
        t,
        "SELECT count(*) AS n FROM idempotency_keys WHERE tenant_id = ?1 AND state = 'done'",
        t.id,
      );
    expect((await cached())[0].n).toBe(1);

    const subject = await insertCustomer(t, { name: "Kofi Boateng" });
    await erase(t, subject.id);

    expect((await cached())[0].n).toBe(0);
    const after = await add();
    expect(after.headers.get("idempotent-replayed")).toBeNull();
  });

  it("the answer lists what was erased and what is kept, with the legal basis", async () => {
    const subject = await insertCustomer(t, { name: "Esi Quaye" });
    const erasure = await erase(t, subject.id);
    expect(erasure.erased.map((e) => e.category)).toEqual(
      expect.arrayContaining(["customer profile", "list entries", "cached answers (idempotency)"]),
    );
    expect(erasure.erased.every((e) => /Act 843/.test(e.legalBasis))).toBe(true);
    expect(erasure.kept.map((k) => k.category)).toEqual(
      expect.arrayContaining(["audit log", "goAML reports, subjects and their files"]),
    );
    expect(erasure.kept.every((k) => /Act 1044/.test(k.legalBasis) && /5 years/.test(k.legalBasis))).toBe(
      true,
    );
  });
});
