import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { systemShardBinding } from "../../src/db/system-db";
import { keyringFrom, unseal } from "../../src/lib/sealed";
import { caseBody } from "../fraud/helpers";
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

/**
 * Issue 35, "Done when": after an erasure no readable personal value of the subject is left in
 * any table (every text column of the shard), cached answer or R2 object, but what the answer
 * lists as kept. The subject's values are written through every kind of free text a case takes
 * (notes on every event, reasons, evidence references, resolutions, file names and descriptions),
 * on cases about the customer and about its account, fraud and AML.
 */
const tag = crypto.randomUUID().replaceAll("-", "").slice(0, 6);
const letters = [...tag].map((c) => String.fromCharCode(97 + (Number.parseInt(c, 16) % 26))).join("");
const NAME = `Akosua Boatemaa ${letters[0].toUpperCase()}${letters.slice(1)}ko`;
const digits = [...crypto.getRandomValues(new Uint8Array(7))].map((b) => b % 10).join("");
const PHONE = `+23324${digits}`;
const LOCAL_PHONE = `024${digits}`;
const EMAIL = `akosua.${letters}@example.com`;
const CARD = `GHA-7${digits}9-3`;

/** Lower case, every run of separators one space: "Akosua_Boatemaa" and "akosua  boatemaa" match. */
const normal = (text: string) => text.toLowerCase().replace(/[\s_\-./\\"'(),:;]+/g, " ");
const NEEDLES = [NAME, EMAIL, CARD].map(normal);
const PHONES = [PHONE.slice(1), LOCAL_PHONE];

/** The needles found in a text (phones with their separators dropped). */
function found(text: string): string[] {
  const n = normal(text);
  const bare = text.replace(/[\s\-()]/g, "");
  return [...NEEDLES.filter((v) => n.includes(v)), ...PHONES.filter((p) => bare.includes(p))];
}

/** Every text value of the shard that holds a needle: the tenant's rows, and tables without tenants whole. */
async function readableInTables(t: TestTenant): Promise<string[]> {
  const db = systemShardBinding(env, t.shard);
  const { results: tables } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    )
    .all<{ name: string }>();
  const hits: string[] = [];
  for (const { name } of tables) {
    const { results: columns } = await db.prepare(`SELECT name FROM pragma_table_info('${name}')`).all<{
      name: string;
    }>();
    const byTenant = columns.some((c) => c.name === "tenant_id");
    const { results: rows } = await db
      .prepare(`SELECT * FROM "${name}"${byTenant ? " WHERE tenant_id = ?1" : ""}`)
      .bind(...(byTenant ? [t.id] : []))
      .all<Record<string, unknown>>();
    for (const row of rows)
      for (const [column, value] of Object.entries(row))
        if (typeof value === "string") for (const v of found(value)) hits.push(`${name}.${column}: ${v}`);
  }
  return hits;
}

/** Cached idempotent answers, opened (they are sealed with SECRETS_KEY), that hold a needle. */
async function readableInCache(t: TestTenant): Promise<string[]> {
  const keyring = await keyringFrom(env.SECRETS_KEY);
  const { results } = await systemShardBinding(env, t.shard)
    .prepare("SELECT key, body FROM idempotency_keys WHERE tenant_id = ?1")
    .bind(t.id)
    .all<{ key: string; body: string | null }>();
  const hits: string[] = [];
  for (const row of results) {
    const text = await unseal(keyring, row.body ?? "", `idempotency:${t.id}:${row.key}`).catch(() => "");
    for (const v of found(text)) hits.push(`idempotency_keys ${row.key}: ${v}`);
  }
  return hits;
}

/** The tenant's R2 objects (bytes and metadata) that hold a needle, by key. */
async function readableInObjects(t: TestTenant): Promise<string[]> {
  // `include` is in the R2 API, not in this version's types.
  const listed = await env.FILES.list({
    prefix: `tenants/${t.id}/`,
    include: ["customMetadata"],
  } as R2ListOptions);
  const hits: string[] = [];
  for (const o of listed.objects) {
    const body = await env.FILES.get(o.key);
    const text = `${o.key} ${JSON.stringify(o.customMetadata ?? {})} ${(await body?.text()) ?? ""}`;
    for (const v of found(text)) hits.push(`${o.key}: ${v}`);
  }
  return hits;
}

const post = (t: TestTenant, path: string, body: unknown, headers: Record<string, string> = {}) =>
  call("POST", path, { key: t.key, body, headers });

async function upload(t: TestTenant, base: string, caseId: string) {
  const query = `filename=${encodeURIComponent(`${NAME} Ghana card.txt`)}&actorId=ana&description=${encodeURIComponent(`ID of ${NAME}, ${LOCAL_PHONE}`)}`;
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(
    new Request(`http://localhost${base}/${caseId}/files?${query}`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "text/plain" },
      body: `Card ${CARD}`,
    }),
  );
  expect(res.status).toBe(201);
}

describe("an erasure leaves no readable personal value", () => {
  let t: TestTenant;
  let subjectId: string;
  const fraudCases: string[] = [];
  let amlCaseId: string;

  beforeAll(async () => {
    t = await createTenant({ name: "Leaves nothing bank" });
    const subject = await insertCustomer(t, {
      name: NAME,
      phone: PHONE,
      email: EMAIL,
      type: "individual",
      businessInfo: { ghanaCard: CARD },
    });
    subjectId = subject.id;
    const account = await insertAccount(t, subject.id, { name: "savings" });
    await insertTransactions(t, account, [
      {
        amountMinor: 6_000_000,
        transactionDate: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        channel: "cash",
      },
    ]);
    // Fraud cases about the customer and about its account: every free-text field of an event.
    for (const entity of [
      { entityType: "customer", entityId: subject.id },
      { entityType: "account", entityId: account.id },
    ]) {
      const res = await post(
        t,
        "/v1/fraud/cases",
        caseBody({
          ...entity,
          title: `Transfers of ${NAME}`,
          summary: `${NAME} (${EMAIL})`,
          metadata: { card: CARD },
        }),
      );
      const caseId = (await json<{ case: { id: string } }>(res)).case.id;
      fraudCases.push(caseId);
      const events = `/v1/fraud/cases/${caseId}/events`;
      const user = { actorType: "user", actorId: "ana" };
      for (const event of [
        { eventType: "note_added", noteContent: `Called ${NAME} on ${LOCAL_PHONE}` },
        {
          eventType: "status_changed",
          newStatus: "under_review",
          noteContent: `Reason: ${EMAIL.toUpperCase()} flagged`,
          resolution: { reason: `${NAME} disputes the transfer` },
        },
        { eventType: "evidence_added", evidenceType: "id_document", evidenceReference: { card: CARD } },
      ]) {
        const r = await post(t, events, { ...user, ...event }, { "idempotency-key": crypto.randomUUID() });
        expect(r.status).toBe(201);
      }
      await upload(t, "/v1/fraud/cases", caseId);
      const snoozed = await post(t, `/v1/fraud/cases/${caseId}/snoozes`, {
        ruleId: "velocity_count",
        until: new Date(Date.now() + 86_400_000).toISOString(),
        reason: `${NAME} explained the transfers`,
      });
      expect(snoozed.status).toBe(201);
    }
    // The AML case the customer's cash opens: a move's reason, a note, a file.
    const evaluated = await post(t, "/v1/kyc-aml/evaluate", {
      entityType: "customer",
      entityId: subject.id,
      ruleIds: ["AML-LCT-001"],
    });
    amlCaseId = (await json<{ result: { cases: Array<{ caseId: string }> } }>(evaluated)).result.cases[0]
      .caseId;
    const moved = await post(t, `/v1/kyc-aml/cases/${amlCaseId}/transition`, {
      toStatus: "under_investigation",
      actorId: "ana",
      note: `${NAME} (${PHONE}) asked for time`,
    });
    expect(moved.status).toBe(200);
    expect(
      (await post(t, `/v1/kyc-aml/cases/${amlCaseId}/notes`, { content: EMAIL, actorId: "ana" })).ok,
    ).toBe(true);
    await upload(t, "/v1/kyc-aml/cases", amlCaseId);
  }, 120_000);

  it("in no table, cached answer or object, but the evidence files it lists as kept", async () => {
    // Before: the values are readable through the API, and sit in cached answers.
    const before = await json<{ case: { events: Array<{ noteContent: string | null }> } }>(
      await call("GET", `/v1/fraud/cases/${fraudCases[1]}`, { key: t.key }),
    );
    expect(before.case.events.map((e) => e.noteContent)).toContain(`Called ${NAME} on ${LOCAL_PHONE}`);
    expect((await readableInCache(t)).length).toBeGreaterThan(0);

    const res = await call("POST", `/v1/customers/${subjectId}/erasure`, { key: t.key });
    const { erasure } = await json<{ erasure: { id: string } }>(res);
    await driveErasure(t, erasure.id);
    const done = await json<{ erasure: { status: string; kept: Array<{ category: string }> } }>(
      await call("GET", `/v1/erasures/${erasure.id}`, { key: t.key }),
    );
    expect(done.erasure.status).toBe("completed");

    expect(await readableInTables(t)).toEqual([]);
    expect(await readableInCache(t)).toEqual([]);
    // The evidence files' bytes are kept (listed as kept: evidence of an investigation).
    const objects = await readableInObjects(t);
    expect(done.erasure.kept.map((k) => k.category)).toContain("case evidence files");
    expect(objects.filter((hit) => !hit.startsWith(`tenants/${t.id}/case-files/`))).toEqual([]);

    // The logs read the erased marker where the values were, and every chain still verifies.
    for (const caseId of fraudCases) {
      const got = await json<{
        case: {
          events: Array<{ noteContent: string | null; resolution: unknown; evidenceReference: unknown }>;
        };
      }>(await call("GET", `/v1/fraud/cases/${caseId}`, { key: t.key }));
      const text = JSON.stringify(got);
      expect(found(text)).toEqual([]);
      expect(got.case.events.map((e) => e.noteContent)).toContain("[erased]");
      const verified = await json<{ valid: boolean; anchorValid: boolean }>(
        await call("GET", `/v1/fraud/cases/${caseId}/verify`, { key: t.key }),
      );
      expect(verified).toMatchObject({ valid: true, anchorValid: true });
    }
    const amlCase = await json<{ case: { chainValid: boolean; anchorValid: boolean } }>(
      await call("GET", `/v1/kyc-aml/cases/${amlCaseId}`, { key: t.key }),
    );
    expect(found(JSON.stringify(amlCase))).toEqual([]);
    expect(amlCase.case).toMatchObject({ chainValid: true, anchorValid: true });
  }, 120_000);
});
