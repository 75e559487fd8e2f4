import { beforeAll, describe, expect, it } from "vitest";
import { canonicalPair } from "../../src/modules/case-links/domain/ends";
import { call, createTenant, json, shardRows, type TestTenant } from "../harness";
import { aml, fraud, type Kind, outboxOf } from "./helpers";

/**
 * The fraud log is written by its Durable Object before the link's D1 batch (case-links
 * service, recordChange): when that batch fails, the fraud log keeps the attempt's `linked`
 * entry. These tests pin what the reader then sees (docs/decisions/case-work.md#links).
 */

interface Link {
  id: string;
  linked: { kind: string; id: string };
}

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "link retries", shard: 0 });
});

const link = (caseId: string, target: { kind: string; id: string }) =>
  call("POST", `${fraud.base}/${caseId}/links`, {
    key: t.key,
    body: { target, actorId: "analyst-1", note: "same customer" },
  });

/** The link entries of a case's log: [type, linkId]. */
async function linkEntries(kind: Kind, caseId: string) {
  const body = await json<{
    case: { events?: Array<Record<string, unknown>>; history?: Array<Record<string, unknown>> };
  }>(await call("GET", `${kind.base}/${caseId}`, { key: t.key }));
  return (body.case.events ?? body.case.history ?? [])
    .filter((e) => e.eventType === "linked")
    .map((e): [string, string] => [
      String(e.eventType),
      ((e.details ?? e.evidenceReference) as { linkId: string }).linkId,
    ]);
}

/** The case.linked events naming the link. */
const linkedEvents = async (linkId: string) =>
  (await outboxOf(t, "case.linked")).filter((e) => JSON.parse(e.data).linkId === linkId);

const linkRows = (caseId: string) =>
  shardRows<{ id: string }>(
    t,
    "SELECT id FROM case_links WHERE tenant_id = ?1 AND (a_id = ?2 OR b_id = ?2)",
    t.id,
    caseId,
  );

describe("a link whose batch fails after the fraud log was written", () => {
  it("fails as a whole but for the fraud log's attempt; the retry links once, and the fraud log shows the attempt and the link", async () => {
    const a = await fraud.open(t);
    const b = await aml.open(t);
    await shardRows(
      t,
      "CREATE TRIGGER test_refuse_link BEFORE INSERT ON case_links BEGIN SELECT RAISE(ABORT, 'test refuses links'); END",
    );
    let failed: Response;
    try {
      failed = await link(a.id, { kind: "aml_case", id: b.id });
    } finally {
      await shardRows(t, "DROP TRIGGER test_refuse_link");
    }
    expect(failed.status).toBe(500);
    // Written before the batch: the attempt's entry, naming a link that was never stored.
    const attempt = await linkEntries(fraud, a.id);
    expect(attempt).toHaveLength(1);
    expect(await linkRows(a.id)).toEqual([]);
    expect(await linkEntries(aml, b.id)).toEqual([]);
    expect(
      await shardRows(
        t,
        "SELECT id FROM tenant_audit_log WHERE tenant_id = ?1 AND action = 'case.linked'",
        t.id,
      ),
    ).toEqual([]);
    expect(await linkedEvents(attempt[0][1])).toEqual([]);

    const retried = await link(a.id, { kind: "aml_case", id: b.id });
    expect(retried.status).toBe(201);
    const created = (await json<{ link: Link }>(retried)).link;
    expect(created.id).not.toBe(attempt[0][1]);
    expect(await linkEntries(fraud, a.id)).toEqual([...attempt, ["linked", created.id]]);
    expect(await linkEntries(aml, b.id)).toEqual([["linked", created.id]]);
    expect(await linkRows(a.id)).toEqual([{ id: created.id }]);
    expect(await linkedEvents(created.id)).toHaveLength(1);
    expect(await linkedEvents(attempt[0][1])).toEqual([]);
    expect(await fraud.chainValid(t, a.id)).toBe(true);
    expect(await aml.chainValid(t, b.id)).toBe(true);
  });

  it("a concurrent request that linked the pair after this one wrote its fraud entry: its link is the answer", async () => {
    const a = await fraud.open(t);
    const b = await aml.open(t);
    const [first, second] = canonicalPair({ kind: "fraud_case", id: a.id }, { kind: "aml_case", id: b.id });
    const raced = crypto.randomUUID();
    // The other request's row lands as this one's fraud entry is written (inside the object's batch).
    await shardRows(
      t,
      `CREATE TRIGGER test_race_link AFTER INSERT ON fraud_case_events
       WHEN NEW.case_id = '${a.id}' AND NEW.event_type = 'linked'
       BEGIN INSERT INTO case_links (id, tenant_id, a_kind, a_id, b_kind, b_id, created_by, actor_key_id, created_at)
         VALUES ('${raced}', NEW.tenant_id, '${first.kind}', '${first.id}', '${second.kind}', '${second.id}',
           'analyst-2', NULL, NEW.created_at); END`,
    );
    let res: Response;
    try {
      res = await link(a.id, { kind: "aml_case", id: b.id });
    } finally {
      await shardRows(t, "DROP TRIGGER test_race_link");
    }
    expect(res.status).toBe(200);
    expect((await json<{ link: Link }>(res)).link).toMatchObject({
      id: raced,
      linked: { kind: "aml_case", id: b.id },
    });
    expect(await linkRows(a.id)).toEqual([{ id: raced }]);
    // The losing attempt's fraud entry stays (it names its own, unstored link id); nothing else of it.
    const entries = await linkEntries(fraud, a.id);
    expect(entries).toHaveLength(1);
    expect(entries[0][1]).not.toBe(raced);
    expect(await linkEntries(aml, b.id)).toEqual([]);
    expect(await linkedEvents(entries[0][1])).toEqual([]);
    expect(await fraud.chainValid(t, a.id)).toBe(true);
    expect(await aml.chainValid(t, b.id)).toBe(true);
  });
});
